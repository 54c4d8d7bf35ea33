//! "Did you mean …?" hints for misspelt keys and ids.

use super::text::FileText;

/// Longest word, in characters, worth a hint.
const LONGEST_HINTED: usize = 64;

/// The candidate closest to `word`, if one is close enough to be a likely typo
/// (`coast` → `coasts`, `center` → `centre`, `color` → `colour`).
pub fn closest<'c>(word: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    let word_len = word.chars().count();
    // Nobody mistypes a key or id of more than this; comparing a huge string against
    // huge candidates would take quadratic time for nothing.
    if word_len > LONGEST_HINTED {
        return None;
    }
    // Short words tolerate fewer edits, or every two-letter key would "look like" `id`
    // (a distance of 0 still catches a wrong case: `ID` → `id`).
    let tolerance = match word_len {
        0..=2 => 0,
        3 => 1,
        4..=6 => 2,
        _ => 3,
    };
    candidates
        .into_iter()
        .filter(|candidate| *candidate != word)
        // Cheap length filter first, so a huge key costs nothing.
        .filter(|candidate| candidate.chars().count().abs_diff(word_len) <= tolerance)
        .map(|candidate| (edit_distance(word, candidate), candidate))
        .filter(|(distance, _)| *distance <= tolerance)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

/// The likely intended word, for "did you mean `coasts`?", if there is one.
pub fn hint<'c>(word: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<FileText> {
    closest(word, candidates).map(FileText::new)
}

/// Hands out hints while a budget lasts. Each hint compares a word with every
/// candidate, and a file with hundreds of unknown names is not a matter of typos: past
/// the budget, messages simply come without hints.
#[derive(Debug)]
pub struct Hints {
    left: usize,
}

impl Default for Hints {
    fn default() -> Self {
        Self::new()
    }
}

impl Hints {
    /// How many hints one check of a file works out.
    pub const BUDGET: usize = 100;

    pub fn new() -> Self {
        Self { left: Self::BUDGET }
    }

    /// Like [`hint`], or nothing once the budget is spent.
    pub fn hint<'c>(
        &mut self,
        word: &str,
        candidates: impl IntoIterator<Item = &'c str>,
    ) -> Option<FileText> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        hint(word, candidates)
    }
}

/// Edit distance counting insertions, deletions, substitutions and swaps of two
/// neighbouring letters (`rde` → `red` is one edit), case-insensitive: a capital
/// letter is a typo too, worth a hint rather than a different word.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().flat_map(char::to_lowercase).collect();
    let b: Vec<char> = b.chars().flat_map(char::to_lowercase).collect();
    // Three rows of the classic table: two rows back are needed for swaps.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        current[0] = i;
        for j in 1..=b.len() {
            let substitution = previous[j - 1] + usize::from(a[i - 1] != b[j - 1]);
            let mut best = substitution.min(previous[j] + 1).min(current[j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(before[j - 2] + 1);
            }
            current[j] = best;
        }
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    const TERRITORY_KEYS: [&str; 5] = ["id", "name", "group", "coasts", "centre"];

    #[test]
    fn near_misses_get_a_hint() {
        assert_eq!(closest("coast", TERRITORY_KEYS), Some("coasts"));
        assert_eq!(closest("center", TERRITORY_KEYS), Some("centre"));
        assert_eq!(closest("Name", TERRITORY_KEYS), Some("name"));
        assert_eq!(closest("groups", TERRITORY_KEYS), Some("group"));
        assert_eq!(closest("ID", TERRITORY_KEYS), Some("id"));
        assert_eq!(closest("rde", ["red", "blue"]), Some("red"));
        assert_eq!(hint("coast", TERRITORY_KEYS), Some(FileText::new("coasts")));
    }

    #[test]
    fn unrelated_words_get_none() {
        assert_eq!(closest("publisher", TERRITORY_KEYS), None);
        assert_eq!(closest("xy", TERRITORY_KEYS), None);
        assert_eq!(closest("q", ["c"]), None);
        assert_eq!(closest(&"q".repeat(10_000), TERRITORY_KEYS), None);
        assert_eq!(hint("zzz", TERRITORY_KEYS), None);
    }

    #[test]
    fn hints_stop_when_the_budget_is_spent() {
        let mut hints = Hints::new();
        for _ in 0..Hints::BUDGET {
            assert_eq!(
                hints.hint("coast", TERRITORY_KEYS),
                Some(FileText::new("coasts"))
            );
        }
        assert_eq!(hints.hint("coast", TERRITORY_KEYS), None);
    }

    #[test]
    fn edit_distance_counts_insertions_deletions_and_substitutions() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("abc", "abc"), 0);
        assert_eq!(edit_distance("ABC", "abd"), 1);
        assert_eq!(edit_distance("rde", "red"), 1);
        assert_eq!(edit_distance("center", "centre"), 1);
        assert_eq!(edit_distance("ca", "abc"), 3);
    }
}
