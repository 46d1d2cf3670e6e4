//! Families are seeded a batch at a time: one statement per table and batch
//! keeps the server's memory bounded and lets progress be told.

use std::ops::RangeInclusive;

/// Families 1..=`families` in consecutive ranges of at most `size`.
pub fn batches(families: u64, size: u64) -> impl Iterator<Item = RangeInclusive<u64>> {
    let size = size.max(1);
    (0..families.div_ceil(size)).map(move |i| {
        let first = i * size + 1;
        first..=(first + size - 1).min(families)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_cover_every_family_once_in_order() {
        for (families, size) in [
            (1, 5000),
            (999, 1000),
            (1000, 1000),
            (1001, 1000),
            (12345, 5000),
        ] {
            let seen: Vec<u64> = batches(families, size).flatten().collect();
            assert_eq!(
                seen,
                (1..=families).collect::<Vec<_>>(),
                "{families} by {size}"
            );
            assert!(batches(families, size).all(|b| b.end() - b.start() < size));
        }
        assert_eq!(batches(0, 5000).count(), 0);
    }
}
