//! Conversions between `chrono` and protobuf timestamps.

use chrono::{DateTime, Utc};
use prost_types::Timestamp;

pub fn to_proto(t: DateTime<Utc>) -> Timestamp {
    Timestamp {
        seconds: t.timestamp(),
        nanos: i32::try_from(t.timestamp_subsec_nanos()).unwrap_or(0),
    }
}

pub fn opt_to_proto(t: Option<DateTime<Utc>>) -> Option<Timestamp> {
    t.map(to_proto)
}

pub fn from_proto(t: &Timestamp) -> Option<DateTime<Utc>> {
    DateTime::from_timestamp(t.seconds, u32::try_from(t.nanos).ok()?)
}
