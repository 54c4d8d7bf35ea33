//! `docs/chateau-noir-rulings.md` and the tests agree: every ruling names at least one
//! test, and every test it names exists under `chateau/tests/` (so a renamed or deleted
//! test cannot leave a ruling pointing at nothing).

use std::collections::BTreeMap;
use std::path::Path;

const RULINGS_DOC: &str = include_str!("../../docs/chateau-noir-rulings.md");

/// The tests each numbered ruling names, in order: `(number, ["file::test", …])`.
fn rulings() -> BTreeMap<u32, Vec<String>> {
    let mut rulings = BTreeMap::new();
    let mut current = None;
    for line in RULINGS_DOC.lines() {
        if let Some((number, _)) = line.split_once(". ")
            && let Ok(number) = number.parse::<u32>()
        {
            current = Some(number);
            rulings.insert(number, Vec::new());
        }
        if let Some(named) = line.trim_start().strip_prefix("Tests:") {
            let number = current.expect("a Tests: line belongs to a numbered ruling");
            let names = named
                .split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_owned)
                .collect::<Vec<_>>();
            rulings.get_mut(&number).unwrap().extend(names);
        }
    }
    rulings
}

#[test]
fn every_ruling_names_a_test() {
    let rulings = rulings();
    assert!(
        rulings.len() >= 26,
        "the reading's 26 items are rulings: {rulings:?}"
    );
    let numbers: Vec<u32> = rulings.keys().copied().collect();
    let expected: Vec<u32> = (1..=numbers.len() as u32).collect();
    assert_eq!(
        numbers, expected,
        "rulings are numbered 1, 2, 3… without gaps"
    );
    for (number, tests) in &rulings {
        assert!(!tests.is_empty(), "ruling {number} names no test");
    }
}

#[test]
fn every_test_a_ruling_names_exists() {
    let tests_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    for (number, tests) in rulings() {
        for name in tests {
            let (file, test) = name
                .split_once("::")
                .unwrap_or_else(|| panic!("ruling {number}: `{name}` is not `file::test`"));
            let path = tests_dir.join(format!("{file}.rs"));
            let source = std::fs::read_to_string(&path)
                .unwrap_or_else(|_| panic!("ruling {number}: no test file {}", path.display()));
            assert!(
                source.contains(&format!("fn {test}(")),
                "ruling {number} names `{name}`, which {} does not define",
                path.display()
            );
        }
    }
}
