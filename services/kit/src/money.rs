//! What a chore pays: shared by the chores service, which pays it at
//! approval, and the gateway, which shows it on the review queue beforehand,
//! so the two can never round differently.

/// The reward after the multiplier (thousandths), rounded to the nearest cent.
pub fn boosted(base_cents: i64, multiplier_milli: i32) -> i64 {
    let product = i128::from(base_cents) * i128::from(multiplier_milli);
    i64::try_from((product + 500).div_euclid(1000)).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_boosted_reward_rounds_half_a_cent_up() {
        assert_eq!(boosted(500, 1500), 750);
        assert_eq!(boosted(500, 1920), 960);
        // $2.50 × 1.875 = $4.6875
        assert_eq!(boosted(250, 1875), 469);
        // $0.05 × 1.1 = 5.5 cents
        assert_eq!(boosted(5, 1100), 6);
        assert_eq!(boosted(0, 1500), 0);
    }
}
