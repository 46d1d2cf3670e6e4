//! Money crosses the API in dollars (numbers with two decimals, as the spec's
//! payloads do) and everything behind it in integer cents.

use kit::codes::{self, Label};

use crate::error::ApiError;

/// Dollars to cents; refuses amounts that are not whole cents or not finite,
/// naming `field` and calling it `label`.
pub fn to_cents(dollars: f64, label: Label, field: &str) -> Result<i64, ApiError> {
    let cents = (dollars * 100.0).round();
    let whole = ((dollars * 100.0) - cents).abs() < 1e-6;
    if !dollars.is_finite() || !whole || cents.abs() > 1e13 {
        return Err(ApiError::field(field, codes::not_an_amount(label)));
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
        assert_eq!(to_cents(10.0, Label::Amount, "amount").ok(), Some(1000));
        assert_eq!(to_cents(0.1 + 0.2, Label::Amount, "amount").ok(), Some(30));
        assert_eq!(to_cents(-5.5, Label::Amount, "amount").ok(), Some(-550));
        assert_eq!(to_cents(19.99, Label::Amount, "amount").ok(), Some(1999));
        let err = to_cents(1.005, Label::BirthdayReward, "birthdayRewardAmount").unwrap_err();
        assert_eq!(
            err.message,
            "Birthday reward must be an amount in dollars and cents"
        );
        // The field's label travels by name, for clients to word it.
        let detail = &err.details[0];
        assert_eq!(
            (detail.field.as_str(), detail.code.as_str()),
            ("birthdayRewardAmount", "NOT_AN_AMOUNT")
        );
        assert_eq!(
            detail.params.clone().map(serde_json::Value::Object),
            Some(serde_json::json!({"label": "birthdayReward"}))
        );
        assert!(to_cents(f64::NAN, Label::Amount, "amount").is_err());
        assert_eq!(to_dollars(1999), 19.99);
    }
}
