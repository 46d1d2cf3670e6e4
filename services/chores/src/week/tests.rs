//! Who does what each day, as tables of (day, child, expected chores): each
//! expected chore by name with how it is theirs and its due time.

use chrono::{NaiveTime, TimeZone};

use super::*;
use crate::pause::Pause;

const LILY: Uuid = Uuid::from_u128(1);
const MAX: Uuid = Uuid::from_u128(2);
const NOA: Uuid = Uuid::from_u128(3);

fn tz() -> Tz {
    chrono_tz::America::New_York
}

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

fn local(text: &str) -> DateTime<Utc> {
    let wall = chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap();
    tz().from_local_datetime(&wall).single().unwrap().to_utc()
}

/// Counted from Monday 2 March 2026.
fn rules(mode: Mode, assigned: &[Uuid], frequency_days: i32) -> Rules {
    Rules {
        frequency_days,
        mode,
        assigned: assigned.to_vec(),
        starts_on: date("2026-03-02"),
        ..Rules::default()
    }
}

fn scheduled(mut rules: Rules, days: &[u32], time: Option<&str>) -> Rules {
    rules.due_days = days.to_vec();
    rules.due_time = time.map(|t| NaiveTime::parse_from_str(t, "%H:%M").unwrap());
    rules
}

const NAMES: [&str; 6] = ["Dishes", "Beds", "Bins", "Trash", "Tidy", "Feed cat"];

/// The family's chores, in this order: Dishes in turns each day for Lily
/// and Max; Beds for every child, Monday to Friday by 08:00; Bins in turns
/// on Mondays and Thursdays for Lily, Max and Noa, by 19:00; Trash first
/// come for Lily and Noa, weekly; Tidy each on their own, every child,
/// every 2 days (any time); Feed cat each on their own for Noa, daily (any
/// time, assigned).
fn family() -> Vec<Rules> {
    vec![
        rules(Mode::Rotate, &[LILY, MAX], 1),
        scheduled(rules(Mode::Each, &[], 1), &[1, 2, 3, 4, 5], Some("08:00")),
        scheduled(
            rules(Mode::Rotate, &[LILY, MAX, NOA], 1),
            &[1, 4],
            Some("19:00"),
        ),
        rules(Mode::FirstCome, &[LILY, NOA], 7),
        rules(Mode::Each, &[], 2),
        rules(Mode::Each, &[NOA], 1),
    ]
}

type Expected = &'static [(&'static str, Share, Option<&'static str>)];
const TURN: Share = Share::Turn { swapped: false };
const SWAPPED: Share = Share::Turn { swapped: true };
const OWN: Share = Share::Own;
const FIRST: Share = Share::FirstCome;

fn check(rules: &[Rules], pauses: &Pauses, from: &str, rows: &[(&str, Uuid, bool, Expected)]) {
    let children = [LILY, MAX, NOA];
    for child in children {
        let week = days(rules, child, date(from), pauses, tz());
        assert_eq!(week.len(), 7);
        for (day, who, paused, expected) in rows.iter().filter(|r| r.1 == child) {
            let at = week.iter().find(|d| d.date == date(day)).unwrap();
            let got: Vec<_> = at
                .chores
                .iter()
                .map(|(i, slot)| (NAMES[*i], slot.share, slot.due_at))
                .collect();
            let want: Vec<_> = expected
                .iter()
                .map(|(name, share, due)| {
                    (*name, *share, due.map(|t| local(&format!("{day} {t}"))))
                })
                .collect();
            assert_eq!(got, want, "{who} on {day}");
            assert_eq!(at.paused, *paused, "{who} on {day} paused");
        }
    }
}

#[test]
fn each_child_has_their_chores_of_each_day() {
    let none = Pauses::default();
    check(
        &family(),
        &none,
        "2026-03-02",
        &[
            // Monday: Lily's turn at the dishes, the first turn at the bins.
            (
                "2026-03-02",
                LILY,
                false,
                &[
                    ("Beds", OWN, Some("08:00")),
                    ("Bins", TURN, Some("19:00")),
                    ("Dishes", TURN, None),
                    ("Trash", FIRST, None),
                ],
            ),
            ("2026-03-02", MAX, false, &[("Beds", OWN, Some("08:00"))]),
            (
                "2026-03-02",
                NOA,
                false,
                &[("Beds", OWN, Some("08:00")), ("Trash", FIRST, None)],
            ),
            // Tuesday: Max's turn at the dishes; no bins.
            (
                "2026-03-03",
                LILY,
                false,
                &[("Beds", OWN, Some("08:00")), ("Trash", FIRST, None)],
            ),
            (
                "2026-03-03",
                MAX,
                false,
                &[("Beds", OWN, Some("08:00")), ("Dishes", TURN, None)],
            ),
            // Thursday: the bins' second due day is Max's.
            (
                "2026-03-05",
                MAX,
                false,
                &[
                    ("Beds", OWN, Some("08:00")),
                    ("Bins", TURN, Some("19:00")),
                    ("Dishes", TURN, None),
                ],
            ),
            (
                "2026-03-05",
                NOA,
                false,
                &[("Beds", OWN, Some("08:00")), ("Trash", FIRST, None)],
            ),
            // Sunday: no beds; Lily has the dishes again (the 7th day).
            (
                "2026-03-08",
                LILY,
                false,
                &[("Dishes", TURN, None), ("Trash", FIRST, None)],
            ),
            ("2026-03-08", MAX, false, &[]),
            ("2026-03-08", NOA, false, &[("Trash", FIRST, None)]),
        ],
    );
}

#[test]
fn the_next_week_goes_on_with_the_turns_and_swaps_apply() {
    let mut rules = family();
    // The week after starts with Max's dishes (the 8th day): a parent gave
    // Max's Monday (9 March) to Lily, and Lily's Tuesday to Max. The bins'
    // third turn (Monday 9 March) is Noa's.
    rules[0].swaps.insert(date("2026-03-09"), LILY);
    rules[0].swaps.insert(date("2026-03-10"), MAX);
    check(
        &rules,
        &Pauses::default(),
        "2026-03-09",
        &[
            ("2026-03-09", MAX, false, &[("Beds", OWN, Some("08:00"))]),
            (
                "2026-03-09",
                LILY,
                false,
                &[
                    ("Beds", OWN, Some("08:00")),
                    ("Dishes", SWAPPED, None),
                    ("Trash", FIRST, None),
                ],
            ),
            (
                "2026-03-09",
                NOA,
                false,
                &[
                    ("Beds", OWN, Some("08:00")),
                    ("Bins", TURN, Some("19:00")),
                    ("Trash", FIRST, None),
                ],
            ),
            (
                "2026-03-10",
                LILY,
                false,
                &[("Beds", OWN, Some("08:00")), ("Trash", FIRST, None)],
            ),
            (
                "2026-03-10",
                MAX,
                false,
                &[("Beds", OWN, Some("08:00")), ("Dishes", SWAPPED, None)],
            ),
            // Wednesday the order goes on: Max's.
            (
                "2026-03-11",
                MAX,
                false,
                &[("Beds", OWN, Some("08:00")), ("Dishes", TURN, None)],
            ),
        ],
    );
}

#[test]
fn days_before_the_turns_start_list_nothing_and_pauses_mark_the_day() {
    let pauses = Pauses(vec![
        Pause {
            child: Some(MAX),
            from: date("2026-03-03"),
            to: date("2026-03-04"),
        },
        Pause {
            child: None,
            from: date("2026-03-06"),
            to: date("2026-03-06"),
        },
    ]);
    check(
        &family(),
        &pauses,
        "2026-02-28",
        &[
            // Before 2 March no chore's periods had begun.
            ("2026-02-28", LILY, false, &[]),
            ("2026-03-01", MAX, false, &[]),
            // Max's paused days still say whose turn it is.
            (
                "2026-03-03",
                MAX,
                true,
                &[("Beds", OWN, Some("08:00")), ("Dishes", TURN, None)],
            ),
            (
                "2026-03-03",
                LILY,
                false,
                &[("Beds", OWN, Some("08:00")), ("Trash", FIRST, None)],
            ),
            // The whole family paused on Friday.
            (
                "2026-03-06",
                LILY,
                true,
                &[
                    ("Beds", OWN, Some("08:00")),
                    ("Dishes", TURN, None),
                    ("Trash", FIRST, None),
                ],
            ),
            ("2026-03-06", MAX, true, &[("Beds", OWN, Some("08:00"))]),
        ],
    );
}

#[test]
fn a_due_time_follows_the_clocks_change() {
    // Clocks go forward in New York on Sunday 8 March 2026 at 02:00.
    let early = scheduled(rules(Mode::Each, &[], 1), &[7], Some("02:30"));
    let day = days(&[early], LILY, date("2026-03-02"), &Pauses::default(), tz());
    let sunday = &day[6];
    assert_eq!(sunday.date, date("2026-03-08"));
    assert_eq!(sunday.chores[0].1.due_at, Some(local("2026-03-08 03:00")));
}

#[test]
fn the_week_starts_today_or_on_any_date() {
    let today = date("2026-03-04");
    assert_eq!(start("", today), Ok(today));
    assert_eq!(start(" 2026-03-09 ", today), Ok(date("2026-03-09")));
    assert_eq!(start("2025-03-03", today), Ok(date("2025-03-03")));
    assert_eq!(start("0999-02-23", today), Ok(date("0999-02-23")));
    // The last day a week can start on, and the first it cannot.
    let last = NaiveDate::MAX - chrono::Days::new(DAYS - 1);
    assert_eq!(start(&last.format("%Y-%m-%d").to_string(), today), Ok(last));
    let past_it = (last + chrono::Days::new(1)).format("%Y-%m-%d").to_string();
    for raw in ["next week", "2026-02-30", past_it.as_str()] {
        let error = start(raw, today).unwrap_err();
        assert_eq!(error, kit::codes::date_invalid().on("from"), "{raw}");
        assert_eq!(error.code(), "DATE_INVALID");
        assert_eq!(error.message(), "Date must be a date as YYYY-MM-DD");
    }
}
