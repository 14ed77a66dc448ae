//! "Did you mean …?" for a misspelt name: the known name nearest to it by
//! edit distance, offered only when it is near enough to be a plausible slip
//! of the keyboard and no other known name is as near.

/// Names longer than this get no suggestion (a 200 KB tile id is no typo, and
/// comparing it would cost time for nothing).
const MAX_LEN: usize = 64;

/// `; did you mean `x`?` for the name nearest to `word`, or an empty string.
/// `sigil` is written before the name (`+` for an attribute).
pub fn did_you_mean<'a>(
    word: &str,
    sigil: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> String {
    nearest(word, candidates).map_or(String::new(), |n| format!("; did you mean `{sigil}{n}`?"))
}

/// The candidate nearest to `word` when it is a plausible slip: at most one
/// edit per three characters of `word` (at least one), fewer edits than the
/// candidate has characters, and strictly nearer than every other candidate
/// (`Q` is one edit from each of N, E, S and W: none of them is suggested).
/// Letter case is ignored, then breaks ties (`nw` suggests `Nw`).
pub fn nearest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let chars: Vec<char> = word.chars().collect();
    if chars.is_empty() || chars.len() > MAX_LEN {
        return None;
    }
    let lower: Vec<char> = word.chars().flat_map(char::to_lowercase).collect();
    let limit = chars.len().max(3) / 3;
    // (distance ignoring case, distance with case, candidate); `tied` when
    // another candidate has the same two distances.
    let mut best: Option<(usize, usize, &str)> = None;
    let mut tied = false;
    for c in candidates {
        if c == word {
            return None;
        }
        let c_chars: Vec<char> = c.chars().collect();
        if c_chars.len().abs_diff(chars.len()) > limit {
            continue;
        }
        let c_lower: Vec<char> = c.chars().flat_map(char::to_lowercase).collect();
        let d = distance(&lower, &c_lower);
        if d > limit || d >= c_chars.len() {
            continue;
        }
        let key = (d, distance(&chars, &c_chars));
        match best {
            Some((bd, bc, _)) if (bd, bc) < key => {}
            Some((bd, bc, _)) if (bd, bc) == key => tied = true,
            _ => {
                best = Some((key.0, key.1, c));
                tied = false;
            }
        }
    }
    best.filter(|_| !tied).map(|(_, _, c)| c)
}

/// Edits turning `a` into `b`: inserting, deleting or replacing a character,
/// or swapping two neighbours (`cuont` is one slip from `count`, not two),
/// each costing one (the optimal string alignment distance).
fn distance(a: &[char], b: &[char]) -> usize {
    // Three rows of the usual table: two rows back for the swaps.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut row: Vec<usize> = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        row[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j] + 1).min(row[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(before[j - 2] + 1);
            }
            row[j] = d;
        }
        std::mem::swap(&mut before, &mut prev);
        std::mem::swap(&mut prev, &mut row);
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(a: &str, b: &str) -> usize {
        let a: Vec<char> = a.chars().collect();
        let b: Vec<char> = b.chars().collect();
        distance(&a, &b)
    }

    #[test]
    fn distance_counts_single_edits() {
        assert_eq!(d("", ""), 0);
        assert_eq!(d("", "abc"), 3);
        assert_eq!(d("pennat", "pennant"), 1);
        assert_eq!(d("cuont", "count"), 1, "a swap is one edit");
        assert_eq!(d("wnie", "wine"), 1);
        assert_eq!(d("kitten", "sitting"), 3);
        assert_eq!(d("banner", "pennant"), 5);
    }

    const ATTRS: &[&str] = &["pennant", "inn", "cathedral", "volcano", "goods", "well"];
    const KINDS: &[&str] = &["city", "road", "field", "river", "cloister", "garden"];

    #[test]
    fn suggests_the_one_near_name() {
        assert_eq!(nearest("pennat", ATTRS.iter().copied()), Some("pennant"));
        assert_eq!(nearest("Pennant", ATTRS.iter().copied()), Some("pennant"));
        assert_eq!(
            nearest("cathedrale", ATTRS.iter().copied()),
            Some("cathedral")
        );
        assert_eq!(nearest("nw", ["N", "Nw", "Wn"]), Some("Nw"));
        assert_eq!(nearest("gardn", KINDS.iter().copied()), Some("garden"));
        assert_eq!(nearest("Garden", KINDS.iter().copied()), Some("garden"));
        assert_eq!(nearest("cloistr", KINDS.iter().copied()), Some("cloister"));
    }

    #[test]
    fn suggests_nothing_far_or_ambiguous() {
        assert_eq!(nearest("banner", ATTRS.iter().copied()), None, "too far");
        assert_eq!(
            nearest("x", ["N", "E", "S", "W"]),
            None,
            "no letter in common"
        );
        assert_eq!(nearest("Q", ["N", "E", "S", "W"]), None);
        assert_eq!(nearest("Nx", ["N", "Nw", "Ne"]), None, "a tie");
        assert_eq!(nearest("inn", ATTRS.iter().copied()), None, "known");
        assert_eq!(nearest("", ATTRS.iter().copied()), None);
        assert_eq!(nearest(&"a".repeat(10_000), ["a"]), None, "too long");
    }

    #[test]
    fn the_message_names_the_suggestion() {
        assert_eq!(
            did_you_mean("pennat", "+", ATTRS.iter().copied()),
            "; did you mean `+pennant`?"
        );
        assert_eq!(did_you_mean("zzz", "+", ATTRS.iter().copied()), "");
    }
}
