//! Money crosses the API in dollars (numbers with two decimals, as the spec's
//! payloads do) and everything behind it in integer cents.

use crate::error::ApiError;

/// Dollars to cents; refuses amounts that are not whole cents or not finite,
/// naming `field` and calling it `label`.
pub fn to_cents(dollars: f64, label: &str, field: &str) -> Result<i64, ApiError> {
    let cents = (dollars * 100.0).round();
    let whole = ((dollars * 100.0) - cents).abs() < 1e-6;
    if !dollars.is_finite() || !whole || cents.abs() > 1e13 {
        return Err(ApiError::field(
            field,
            format!("{label} must be an amount in dollars and cents"),
        ));
    }
    #[allow(clippy::cast_possible_truncation)]
    Ok(cents as i64)
}

pub fn to_dollars(cents: i64) -> f64 {
    #[allow(clippy::cast_precision_loss)]
    let dollars = cents as f64 / 100.0;
    dollars
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dollars_become_whole_cents() {
        assert_eq!(to_cents(10.0, "x", "x").ok(), Some(1000));
        assert_eq!(to_cents(0.1 + 0.2, "x", "x").ok(), Some(30));
        assert_eq!(to_cents(-5.5, "x", "x").ok(), Some(-550));
        assert_eq!(to_cents(19.99, "x", "x").ok(), Some(1999));
        assert_eq!(
            to_cents(1.005, "Birthday reward", "birthdayRewardAmount")
                .unwrap_err()
                .message,
            "Birthday reward must be an amount in dollars and cents"
        );
        assert!(to_cents(f64::NAN, "x", "x").is_err());
        assert_eq!(to_dollars(1999), 19.99);
    }
}
