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
        allowances: &[],
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

#[test]
fn a_birthday_starts_in_the_feeds_year_and_never_tells_the_year_of_birth() {
    let mia = child("Mia", Some(d("2016-05-20")));
    let leo = child("Leo", Some(d("2012-02-29")));
    let children = [mia, leo];
    let items = feed_of(&Rules::default(), &children, true);
    let on = |name: &str| {
        items
            .iter()
            .find(|i| i.summary == format!("{name}'s birthday"))
            .unwrap()
            .when
    };
    // Now is January 2030: this year's birthdays, before or after today.
    assert_eq!(
        on("Mia"),
        When::Yearly {
            from: d("2030-05-20"),
            leap_day: false
        }
    );
    // 2030 has no 29 February: its last day of February.
    assert_eq!(
        on("Leo"),
        When::Yearly {
            from: d("2030-02-28"),
            leap_day: true
        }
    );
    let text = render(
        "Chorely – Family chores",
        chrono_tz::America::New_York,
        &items,
    );
    assert!(text.contains("DTSTART;VALUE=DATE:20300520\r\n"), "{text}");
    assert!(text.contains("DTSTART;VALUE=DATE:20300228\r\n"), "{text}");
    assert!(
        text.contains("RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1\r\n"),
        "{text}"
    );
    // Nor in any other line (UIDs are left out: random ids may hold the digits).
    for line in text.split("\r\n").filter(|l| !l.starts_with("UID:")) {
        assert!(
            !line.contains("2016") && !line.contains("2012"),
            "{line} in {text}"
        );
    }
}

#[test]
fn a_leap_day_birthday_starts_on_29_february_in_a_leap_year() {
    let leo = child("Leo", Some(d("2012-02-29")));
    let at = Utc.with_ymd_and_hms(2032, 1, 5, 17, 0, 0).unwrap();
    let items = items(&FeedInput {
        names_children: false,
        children: std::slice::from_ref(&leo),
        chores: &[],
        pauses: &Pauses::default(),
        allowances: &[],
        tz: chrono_tz::America::New_York,
        now: at,
    });
    assert_eq!(
        items[0].when,
        When::Yearly {
            from: d("2032-02-29"),
            leap_day: true
        }
    );
}

#[test]
fn allowance_pay_days_are_all_day_events_of_the_childs_feed() {
    let lily = child("Lily", None);
    let max = child("Max", None);
    let allowances = [
        // Lily: $5.00 every Saturday.
        FeedAllowance {
            child: lily.id,
            amount_cents: 500,
            monthly: false,
            day: 6,
            changed_at: now(),
        },
        // Max: $20.50 on the 31st, the last day of shorter months.
        FeedAllowance {
            child: max.id,
            amount_cents: 2050,
            monthly: true,
            day: 31,
            changed_at: now(),
        },
    ];
    let children = [lily, max];
    let all = items(&FeedInput {
        names_children: true,
        children: &children,
        chores: &[],
        pauses: &Pauses::default(),
        allowances: &allowances,
        tz: chrono_tz::America::New_York,
        now: now(),
    });
    let days = |name: &str| -> Vec<When> {
        all.iter()
            .filter(|i| i.summary.ends_with(name))
            .map(|i| i.when)
            .collect()
    };
    // 60 days from Monday 7 January 2030: the Saturdays from the 12th.
    let saturdays = days("$5.00 – Lily");
    assert_eq!(saturdays.len(), 8);
    assert_eq!(saturdays[0], When::Day(d("2030-01-12")));
    assert_eq!(saturdays[7], When::Day(d("2030-03-02")));
    assert_eq!(
        days("$20.50 – Max"),
        vec![When::Day(d("2030-01-31")), When::Day(d("2030-02-28"))]
    );
    let first = all.iter().find(|i| i.summary.ends_with("Lily")).unwrap();
    assert_eq!(
        first.uid,
        format!("{}.allowance.2030-01-12@chorely", children[0].id)
    );
    // A child's own feed holds only their own.
    let own = items(&FeedInput {
        names_children: false,
        children: &children[..1],
        chores: &[],
        pauses: &Pauses::default(),
        allowances: &allowances,
        tz: chrono_tz::America::New_York,
        now: now(),
    });
    assert_eq!(own.len(), 8);
    assert!(own.iter().all(|i| i.summary == "Allowance $5.00"));
}
