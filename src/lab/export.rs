//! A lab run's raw figures as CSV (one row per figure, for a spreadsheet) and JSON
//! (the whole report, for programs), of one run or of a comparison.

use castellan_engine::balance::{Comparison, Report, Share, Source};
use castellan_engine::game::Card;
use serde_json::json;

/// The CSV columns, in order.
pub const CSV_HEADER: [&str; 13] = [
    "section",
    "key",
    "name",
    "position",
    "wins",
    "games",
    "rate",
    "low",
    "high",
    "fair",
    "p_value",
    "significant",
    "value",
];

#[derive(Clone, Copy)]
struct Row<'a> {
    section: &'a str,
    key: &'a str,
    name: &'a str,
    position: Option<usize>,
    share: Option<&'a Share>,
    /// Games counted, for a row with no share (the length histogram).
    count: Option<u64>,
    value: Option<f64>,
}

impl Row<'_> {
    fn cells(&self) -> Vec<String> {
        let number = |v: f64| format!("{v}");
        let mut cells = vec![
            self.section.to_owned(),
            self.key.to_owned(),
            self.name.to_owned(),
            self.position
                .map(|p| (p + 1).to_string())
                .unwrap_or_default(),
        ];
        match self.share {
            Some(s) => cells.extend([
                s.wins.to_string(),
                s.games.to_string(),
                number(s.rate),
                number(s.interval.0),
                number(s.interval.1),
                number(s.fair),
                number(s.p_value),
                s.significant().to_string(),
            ]),
            None => {
                cells.push(String::new());
                cells.push(self.count.map(|c| c.to_string()).unwrap_or_default());
                cells.extend(std::iter::repeat_n(String::new(), 6));
            }
        }
        cells.push(self.value.map(number).unwrap_or_default());
        cells
    }
}

fn push(out: &mut Vec<Vec<String>>, run: &str, row: Row<'_>) {
    let mut cells = row.cells();
    if !run.is_empty() {
        cells.insert(0, run.to_owned());
    }
    out.push(cells);
}

fn rows(report: &Report, run: &str, out: &mut Vec<Vec<String>>) {
    let blank = Row {
        section: "",
        key: "",
        name: "",
        position: None,
        share: None,
        count: None,
        value: None,
    };
    for e in &report.empires {
        let row = Row {
            section: "empire",
            key: &e.key,
            name: &e.name,
            share: Some(&e.share),
            ..blank
        };
        push(out, run, row);
    }
    for (p, share) in report.positions.iter().enumerate() {
        let row = Row {
            section: "position",
            position: Some(p),
            share: Some(share),
            ..blank
        };
        push(out, run, row);
    }
    let row = Row {
        section: "unfinished",
        share: Some(&report.unfinished),
        ..blank
    };
    push(out, run, row);
    for &(turns, games) in &report.turns {
        let row = Row {
            section: "length",
            count: Some(games),
            value: Some(f64::from(turns)),
            ..blank
        };
        push(out, run, row);
    }
    for line in &report.sources {
        let (section, key, name) = match &line.source {
            Source::Empire { key, name } => ("armies_empire", key.as_str(), name.as_str()),
            Source::Independents => ("armies", "independents", ""),
            Source::Banners => ("armies", "banners", ""),
            Source::Reinforcements => ("armies", "reinforcements", ""),
            Source::Hidden => ("armies", "hidden", ""),
        };
        let row = Row {
            section,
            key,
            name,
            value: Some(line.per_game),
            ..blank
        };
        push(out, run, row);
    }
    for card in Card::ALL {
        for (p, used) in report.cards[card.index()].iter().enumerate() {
            for (section, count) in [
                ("card_played", used.played),
                ("card_won", used.won),
                ("card_lost", used.lost),
            ] {
                let row = Row {
                    section,
                    key: card.id(),
                    position: Some(p),
                    value: Some(count as f64),
                    ..blank
                };
                push(out, run, row);
            }
        }
    }
}

fn write_csv(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut writer = csv::Writer::from_writer(Vec::new());
    // Writing to memory cannot fail; a row of the wrong length is a bug caught by tests.
    let _ = writer.write_record(header);
    for row in rows {
        let _ = writer.write_record(row);
    }
    let bytes = writer.into_inner().unwrap_or_default();
    String::from_utf8(bytes).unwrap_or_default()
}

/// The raw figures of `report` as CSV: figures about games and positions count won
/// games (`wins` of `games`), army sources are means per game (`value`), the length
/// histogram counts games (`games`) of each length (`value`), cards are totals.
pub fn csv(report: &Report) -> String {
    let mut out = Vec::new();
    rows(report, "", &mut out);
    write_csv(&CSV_HEADER, &out)
}

/// Both runs of a comparison as CSV, with a first column `run` (`a` or `b`).
pub fn comparison_csv(comparison: &Comparison) -> String {
    let mut out = Vec::new();
    rows(&comparison.a, "a", &mut out);
    rows(&comparison.b, "b", &mut out);
    let mut header = vec!["run"];
    header.extend(CSV_HEADER);
    write_csv(&header, &out)
}

/// `report` as JSON, with its verdict lines and what was played.
pub fn json(report: &Report, lines: &[String], about: serde_json::Value) -> String {
    json!({ "run": about, "verdicts": lines, "report": report }).to_string()
}

/// A comparison as JSON.
pub fn comparison_json(
    comparison: &Comparison,
    lines: &[String],
    about: serde_json::Value,
) -> String {
    json!({ "run": about, "verdicts": lines, "comparison": comparison }).to_string()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use castellan_engine::balance::Lab;
    use castellan_engine::board::parse_board;
    use castellan_engine::bot::{Cancel, Strength};
    use castellan_engine::variant::Variant;

    use super::*;

    #[test]
    fn every_csv_row_has_every_column_and_names_are_quoted() {
        let mut board = parse_board(
            include_str!("../../data/boards/castle-risk.toml"),
            "castle-risk.toml",
        )
        .unwrap();
        board.groups[0].name = "A \"quoted\", name\nover two lines".into();
        let board = Arc::new(board);
        let lab = Lab::new(board.clone(), Variant::rulebook(), 3, Strength::Easy, 1).unwrap();
        let report = Report::new(&lab.run(20, 1, &Cancel::new(), &|_| {}), &board);
        let text = csv(&report);
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        assert_eq!(reader.headers().unwrap().len(), CSV_HEADER.len());
        let records: Vec<csv::StringRecord> = reader.records().map(|r| r.unwrap()).collect();
        assert!(records.iter().all(|r| r.len() == CSV_HEADER.len()));
        assert_eq!(&records[0][2], "A \"quoted\", name\nover two lines");
        let lengths: u64 = records
            .iter()
            .filter(|r| &r[0] == "length")
            .map(|r| r[5].parse::<u64>().unwrap())
            .sum();
        assert_eq!(lengths, 20);
        let both = comparison_csv(&Comparison::new(report.clone(), report));
        let mut reader = csv::Reader::from_reader(both.as_bytes());
        assert_eq!(reader.records().count(), records.len() * 2);
    }
}
