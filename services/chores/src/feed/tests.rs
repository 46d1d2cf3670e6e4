use chrono::{NaiveDate, NaiveTime, TimeZone};

use super::*;
use crate::schedule::Mode;

fn d(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

fn child(name: &str, born: Option<NaiveDate>) -> FeedChild {
    FeedChild {
        id: Uuid::new_v4(),
        name: name.to_owned(),
        born,
        revision: 0,
        changed_at: Utc.with_ymd_and_hms(2030, 1, 1, 0, 0, 0).unwrap(),
    }
}

/// Monday 7 January 2030, noon in New York.
fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2030, 1, 7, 17, 0, 0).unwrap()
}

fn feed_of(rules: &Rules, children: &[FeedChild], names_children: bool) -> Vec<Item> {
    let chores = [FeedChore {
        id: Uuid::new_v4(),
        name: "Beds, made",
        description: "",
        rules,
        revision: 3,
        updated_at: now(),
        marks: &[],
    }];
    items(&FeedInput {
        names_children,
        children,
        chores: &chores,
        pauses: &Pauses::default(),
        tz: chrono_tz::America::New_York,
        now: now(),
    })
}

#[test]
fn a_chore_due_on_weekdays_is_an_event_on_each_due_day_of_sixty() {
    let rules = Rules {
        frequency_days: 1,
        due_days: vec![1, 3],
        starts_on: d("2030-01-01"),
        ..Rules::default()
    };
    let mia = child("Mia", None);
    let items = feed_of(&rules, std::slice::from_ref(&mia), false);
    let days: Vec<When> = items.iter().map(|i| i.when).collect();
    assert_eq!(days.first(), Some(&When::Day(d("2030-01-07"))));
    assert_eq!(days.get(1), Some(&When::Day(d("2030-01-09"))));
    // Mondays and Wednesdays of 60 days from a Monday: 9 weeks and 4 days.
    assert_eq!(items.len(), 18);
    assert!(
        items
            .iter()
            .all(|i| i.sequence == 3 && i.summary == "Beds, made")
    );
}

#[test]
fn a_due_time_makes_a_timed_event_ending_then_and_parents_see_whose() {
    let rules = Rules {
        due_days: vec![2],
        due_time: NaiveTime::from_hms_opt(8, 0, 0),
        starts_on: d("2030-01-01"),
        mode: Mode::Each,
        ..Rules::default()
    };
    let mia = child("Mia", None);
    let items = feed_of(&rules, std::slice::from_ref(&mia), true);
    assert_eq!(
        items[0].when,
        When::Time {
            start: Utc.with_ymd_and_hms(2030, 1, 8, 12, 30, 0).unwrap(),
            end: Utc.with_ymd_and_hms(2030, 1, 8, 13, 0, 0).unwrap(),
        }
    );
    assert_eq!(items[0].summary, "Beds, made – Mia");
}

#[test]
fn the_text_has_crlf_lines_folded_at_75_octets_and_escaped_text() {
    let mia = child(
        "Mia; the \"eldest\", with a very long name that needs folding ✨✨✨",
        Some(d("2016-02-29")),
    );
    let items = feed_of(&Rules::default(), std::slice::from_ref(&mia), false);
    let text = render("Chorely – Mia", chrono_tz::America::New_York, &items);
    assert!(
        text.starts_with("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"),
        "{text}"
    );
    assert!(text.ends_with("END:VCALENDAR\r\n"), "{text}");
    assert!(!text.replace("\r\n", "").contains('\n'), "{text}");
    assert!(text.split("\r\n").all(|line| line.len() <= 75), "{text}");
    assert!(
        text.contains("RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1\r\n"),
        "{text}"
    );
    assert!(
        text.contains("SUMMARY:Mia\\; the \"eldest\"\\, with"),
        "{text}"
    );
}
