//! Pauses, as tables of (moment, child, expected status) and of (day,
//! expected misses): a status of `None` means the chore is not on the
//! child's list at that moment.

use chrono::{NaiveTime, TimeZone};
use chrono_tz::Tz;
use kit::time::local_date;

use super::*;
use crate::schedule::{Mode, standing};
use Status::*;

const LILY: Uuid = Uuid::from_u128(1);
const MAX: Uuid = Uuid::from_u128(2);
const NOA: Uuid = Uuid::from_u128(3);
const FAMILY: [Uuid; 3] = [LILY, MAX, NOA];

fn tz() -> Tz {
    chrono_tz::America::New_York
}

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

/// A moment of the family's clock in New York ("2026-03-02 08:00").
fn local(text: &str) -> DateTime<Utc> {
    let wall = chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap();
    tz().from_local_datetime(&wall).single().unwrap().to_utc()
}

fn name(child: Uuid) -> &'static str {
    match child {
        LILY => "Lily",
        MAX => "Max",
        NOA => "Noa",
        _ => "someone",
    }
}

/// Counted from Monday 2 March 2026; due every day by `time` when given.
fn rules(mode: Mode, assigned: &[Uuid], time: Option<&str>) -> Rules {
    Rules {
        frequency_days: 1,
        mode,
        assigned: assigned.to_vec(),
        due_days: if time.is_some() {
            vec![1, 2, 3, 4, 5, 6, 7]
        } else {
            Vec::new()
        },
        due_time: time.map(|t| NaiveTime::parse_from_str(t, "%H:%M").unwrap()),
        starts_on: date("2026-03-02"),
        ..Rules::default()
    }
}

fn pause(child: Option<Uuid>, from: &str, to: &str) -> Pause {
    Pause {
        child,
        from: date(from),
        to: date(to),
    }
}

fn mark(child: Uuid, at: DateTime<Utc>) -> Mark {
    Mark {
        submission: Uuid::new_v4(),
        child,
        on: local_date(at, tz()),
        submitted_at: at,
        approved: false,
        late: false,
    }
}

type Row = (DateTime<Utc>, Uuid, Option<Status>);

/// The rules as the service reads them: with the family's pauses.
fn with(rules: &Rules, pauses: &Pauses) -> Rules {
    Rules {
        pauses: pauses.clone(),
        ..rules.clone()
    }
}

/// Today's list as the planning shows it: the standing, then the pause.
fn check(rules: &Rules, pauses: &Pauses, marks: &[Mark], rows: &[Row]) {
    check_in(tz(), &with(rules, pauses), marks, rows);
}

/// [`check`] in the family's zone `tz`, `rules` carrying the pauses.
fn check_in(tz: Tz, rules: &Rules, marks: &[Mark], rows: &[Row]) {
    for (at, child, expected) in rows {
        let standing = standing(rules, *child, marks, *at, tz);
        let paused = rules.pauses.covers(*child, local_date(*at, tz));
        assert_eq!(
            status(&standing, *at, paused),
            *expected,
            "{} at {}: {standing:?}",
            name(*child),
            at.with_timezone(&tz),
        );
    }
}

/// Rows of (day, children who sent something that day, expected misses).
fn missed_table(rules: &Rules, pauses: &Pauses, rows: &[(&str, &[Uuid], &[Uuid])]) {
    for (day, sent, expected) in rows {
        let marks: Vec<Mark> = sent
            .iter()
            .map(|c| mark(*c, local(&format!("{day} 12:00"))))
            .collect();
        // Made, assigned and known long before any of these days.
        let family = FAMILY.map(|id| Child {
            id,
            known_since: DateTime::UNIX_EPOCH,
        });
        let since = Since::default();
        let rules = with(rules, pauses);
        let mut missed = missed_on(&rules, &since, date(day), tz(), &family, &marks, pauses);
        missed.sort();
        assert_eq!(missed, expected.to_vec(), "misses on {day}");
    }
}

#[test]
fn a_paused_child_sees_paused_and_the_others_are_unchanged() {
    // Everyone's, every day by 18:00; Lily away Tuesday to Wednesday.
    let beds = rules(Mode::Each, &[], Some("18:00"));
    let pauses = Pauses(vec![pause(Some(LILY), "2026-03-03", "2026-03-04")]);
    check(
        &beds,
        &pauses,
        &[],
        &[
            (local("2026-03-02 23:59"), LILY, Some(Late)),
            (local("2026-03-03 00:00"), LILY, Some(Paused)),
            (local("2026-03-03 00:00"), MAX, Some(Todo)),
            // Past the due time: paused, not late.
            (local("2026-03-03 19:00"), LILY, Some(Paused)),
            (local("2026-03-03 19:00"), MAX, Some(Late)),
            (local("2026-03-04 17:30"), LILY, Some(Paused)),
            (local("2026-03-04 17:30"), NOA, Some(DueSoon)),
            // The pause's last day ends at the family's midnight.
            (local("2026-03-05 00:00"), LILY, Some(Todo)),
        ],
    );
}

#[test]
fn a_chore_done_anyway_stays_done_and_a_chore_not_due_stays_off_the_list() {
    // Mondays only, Lily's; a plain chore besides.
    let mut bins = rules(Mode::Each, &[LILY], Some("18:00"));
    bins.due_days = vec![1];
    let plain = rules(Mode::Each, &[], None);
    let pauses = Pauses(vec![pause(None, "2026-03-02", "2026-03-08")]);
    let marks = [mark(LILY, local("2026-03-02 10:00"))];
    check(
        &bins,
        &pauses,
        &marks,
        &[
            (local("2026-03-02 09:00"), LILY, Some(Paused)),
            (local("2026-03-02 11:00"), LILY, Some(Done)),
            (local("2026-03-03 11:00"), LILY, None),
            (local("2026-03-02 11:00"), MAX, None),
        ],
    );
    check(
        &plain,
        &pauses,
        &[],
        &[
            (local("2026-03-04 11:00"), MAX, Some(Paused)),
            (local("2026-03-09 00:00"), MAX, Some(Todo)),
        ],
    );
}

#[test]
fn in_turns_a_paused_childs_turn_passes_to_the_next_and_the_order_goes_on() {
    // Lily, Max and Noa take turns each day; Max is away on Tuesday, his turn.
    let dishes = rules(Mode::Rotate, &[LILY, MAX, NOA], Some("19:00"));
    let pauses = Pauses(vec![pause(Some(MAX), "2026-03-03", "2026-03-03")]);
    check(
        &dishes,
        &pauses,
        &[],
        &[
            (local("2026-03-02 12:00"), LILY, Some(Todo)),
            (local("2026-03-02 12:00"), MAX, Some(NotYourTurn)),
            (local("2026-03-03 12:00"), MAX, Some(Paused)),
            // Max's turn passes to the next in the order: Noa.
            (local("2026-03-03 12:00"), NOA, Some(Todo)),
            (local("2026-03-03 12:00"), LILY, Some(NotYourTurn)),
            // Wednesday is Noa's too, as the order says; Thursday Lily's.
            (local("2026-03-04 00:00"), NOA, Some(Todo)),
            (local("2026-03-04 00:00"), MAX, Some(NotYourTurn)),
            (local("2026-03-05 00:00"), LILY, Some(Todo)),
            (local("2026-03-06 00:00"), MAX, Some(Todo)),
        ],
    );
    missed_table(
        &dishes,
        &pauses,
        &[
            ("2026-03-02", &[], &[LILY]),
            // Noa had Max's turn and sent nothing.
            ("2026-03-03", &[], &[NOA]),
            ("2026-03-03", &[NOA], &[]),
            ("2026-03-04", &[], &[NOA]),
            ("2026-03-05", &[LILY], &[]),
        ],
    );
    // On Monday, Max's screen names his next turn he is here for: Friday.
    let dishes = with(&dishes, &pauses);
    let monday = standing(&dishes, MAX, &[], local("2026-03-02 12:00"), tz());
    assert_eq!(
        monday.next_available_at(),
        Some(local("2026-03-06 00:00")),
        "{monday:?}"
    );
    // The coming turns say whose turn Noa covers.
    let turns: Vec<_> = dishes
        .turns(date("2026-03-02"), 5)
        .into_iter()
        .map(|t| (t.period.start, t.holder, t.covering))
        .collect();
    assert_eq!(
        turns,
        vec![
            (date("2026-03-02"), LILY, None),
            (date("2026-03-03"), NOA, Some(MAX)),
            (date("2026-03-04"), NOA, None),
            (date("2026-03-05"), LILY, None),
            (date("2026-03-06"), MAX, None),
        ]
    );
}

#[test]
fn a_turn_passes_over_every_paused_child_and_stays_when_all_are_paused() {
    let dishes = rules(Mode::Rotate, &[LILY, MAX, NOA], Some("19:00"));
    // Tuesday is Max's: Max and Noa are away, Lily has it. Wednesday is
    // Noa's: the whole family is away, so it stays hers and nobody owes it.
    let pauses = Pauses(vec![
        pause(Some(MAX), "2026-03-03", "2026-03-03"),
        pause(Some(NOA), "2026-03-03", "2026-03-03"),
        pause(None, "2026-03-04", "2026-03-04"),
    ]);
    check(
        &dishes,
        &pauses,
        &[],
        &[
            (local("2026-03-03 12:00"), LILY, Some(Todo)),
            (local("2026-03-03 12:00"), MAX, Some(Paused)),
            (local("2026-03-03 12:00"), NOA, Some(Paused)),
            (local("2026-03-04 12:00"), LILY, Some(Paused)),
            (local("2026-03-04 12:00"), NOA, Some(Paused)),
        ],
    );
    missed_table(
        &dishes,
        &pauses,
        &[("2026-03-03", &[], &[LILY]), ("2026-03-04", &[], &[])],
    );
    let dishes = with(&dishes, &pauses);
    let holders: Vec<_> = dishes
        .turns(date("2026-03-03"), 2)
        .into_iter()
        .map(|t| (t.holder, t.covering))
        .collect();
    assert_eq!(holders, vec![(LILY, Some(MAX)), (NOA, None)]);
}

#[test]
fn a_longer_turn_passes_only_when_its_holder_is_away_all_through_it() {
    // Weekly turns from Monday 2 March: Lily, then Max, then Noa.
    let mut bins = rules(Mode::Rotate, &[LILY, MAX, NOA], None);
    bins.frequency_days = 7;
    // Away two days of his week: still his, paused on those days.
    let part = Pauses(vec![pause(Some(MAX), "2026-03-09", "2026-03-10")]);
    check(
        &bins,
        &part,
        &[],
        &[
            (local("2026-03-09 12:00"), MAX, Some(Paused)),
            (local("2026-03-09 12:00"), NOA, Some(NotYourTurn)),
            (local("2026-03-11 12:00"), MAX, Some(Todo)),
        ],
    );
    // Away all week: Noa has it, and the week after is Noa's as well.
    let week = Pauses(vec![pause(Some(MAX), "2026-03-08", "2026-03-15")]);
    check(
        &bins,
        &week,
        &[],
        &[
            (local("2026-03-11 12:00"), MAX, Some(Paused)),
            (local("2026-03-11 12:00"), NOA, Some(Todo)),
            (local("2026-03-18 12:00"), NOA, Some(Todo)),
            (local("2026-03-23 12:00"), LILY, Some(Todo)),
        ],
    );
}

#[test]
fn each_way_of_sharing_across_a_pause_and_a_move_to_another_zone() {
    // Max is away on Tuesday 3 March. At 20:00 on Monday in New York it is
    // already 10:00 on Tuesday in Tokyo: after the family moves there,
    // the same moment is his paused day.
    let tokyo: Tz = chrono_tz::Asia::Tokyo;
    let pauses = Pauses(vec![pause(Some(MAX), "2026-03-03", "2026-03-03")]);
    let moment = local("2026-03-02 20:00");
    for (mode, new_york, in_tokyo) in [
        // Each on their own: Max owes it on Monday, is paused on Tuesday.
        (
            Mode::Each,
            [(LILY, Todo), (MAX, Todo), (NOA, Todo)],
            [(LILY, Todo), (MAX, Paused), (NOA, Todo)],
        ),
        // First come: the same, nobody has taken it.
        (
            Mode::FirstCome,
            [(LILY, Todo), (MAX, Todo), (NOA, Todo)],
            [(LILY, Todo), (MAX, Paused), (NOA, Todo)],
        ),
        // In turns: Monday is Lily's; Tuesday Max's, passed to Noa.
        (
            Mode::Rotate,
            [(LILY, Todo), (MAX, NotYourTurn), (NOA, NotYourTurn)],
            [(LILY, NotYourTurn), (MAX, Paused), (NOA, Todo)],
        ),
    ] {
        let chore = with(&rules(mode, &[LILY, MAX, NOA], None), &pauses);
        let rows = |expected: [(Uuid, Status); 3], at| -> Vec<Row> {
            expected
                .map(|(child, status)| (at, child, Some(status)))
                .to_vec()
        };
        check_in(tz(), &chore, &[], &rows(new_york, moment));
        check_in(tokyo, &chore, &[], &rows(in_tokyo, moment));
    }
}

#[test]
fn a_pause_ends_on_the_last_day_of_the_pauses_that_meet() {
    let pauses = Pauses(vec![
        pause(Some(MAX), "2026-03-03", "2026-03-05"),
        pause(None, "2026-03-06", "2026-03-07"),
        pause(Some(MAX), "2026-03-09", "2026-03-09"),
    ]);
    assert_eq!(pauses.until(MAX, date("2026-03-02")), None);
    assert_eq!(
        pauses.until(MAX, date("2026-03-04")),
        Some(date("2026-03-07"))
    );
    assert_eq!(pauses.until(LILY, date("2026-03-04")), None);
    assert_eq!(
        pauses.until(LILY, date("2026-03-06")),
        Some(date("2026-03-07"))
    );
    assert_eq!(
        pauses.until(MAX, date("2026-03-09")),
        Some(date("2026-03-09"))
    );
    assert!(pauses.cover_all(MAX, date("2026-03-03"), date("2026-03-08")));
    assert!(!pauses.cover_all(MAX, date("2026-03-03"), date("2026-03-09")));
}

#[test]
fn first_come_while_one_child_is_paused() {
    let trash = rules(Mode::FirstCome, &[LILY, MAX, NOA], Some("20:00"));
    let pauses = Pauses(vec![pause(Some(NOA), "2026-03-02", "2026-03-02")]);
    let marks = [mark(MAX, local("2026-03-02 09:00"))];
    check(
        &trash,
        &pauses,
        &marks,
        &[
            (local("2026-03-02 08:00"), NOA, Some(Paused)),
            (local("2026-03-02 08:00"), LILY, Some(Todo)),
            (local("2026-03-02 10:00"), LILY, Some(Taken)),
            (local("2026-03-02 10:00"), MAX, Some(Done)),
            (local("2026-03-02 10:00"), NOA, Some(Paused)),
            (local("2026-03-03 08:00"), NOA, Some(Todo)),
        ],
    );
}

#[test]
fn a_family_pause_across_a_clock_change_pauses_every_child_to_its_last_midnight() {
    // Clocks go forward in New York on Sunday 8 March 2026 at 02:00. Due at
    // 02:30 each day; the whole family paused Saturday and Sunday.
    let feed = rules(Mode::Each, &[], Some("02:30"));
    let pauses = Pauses(vec![pause(None, "2026-03-07", "2026-03-08")]);
    check(
        &feed,
        &pauses,
        &[],
        &[
            (local("2026-03-06 23:59"), NOA, Some(Late)),
            (local("2026-03-07 00:00"), NOA, Some(Paused)),
            // 03:00 on the short night is past the skipped due time.
            (local("2026-03-08 03:00"), LILY, Some(Paused)),
            (local("2026-03-08 23:59"), MAX, Some(Paused)),
            // Monday's midnight, in daylight time: due again.
            (local("2026-03-09 00:00"), MAX, Some(Todo)),
            (local("2026-03-09 02:00"), MAX, Some(DueSoon)),
        ],
    );
    missed_table(
        &feed,
        &pauses,
        &[
            ("2026-03-06", &[MAX], &[LILY, NOA]),
            ("2026-03-07", &[], &[]),
            ("2026-03-08", &[], &[]),
            ("2026-03-09", &[LILY, NOA], &[MAX]),
        ],
    );
}

#[test]
fn overlapping_pauses_of_the_family_and_a_child_add_up() {
    let beds = rules(Mode::Each, &[LILY, MAX], Some("09:00"));
    let pauses = Pauses(vec![
        pause(Some(LILY), "2026-03-02", "2026-03-05"),
        pause(None, "2026-03-04", "2026-03-06"),
        pause(Some(LILY), "2026-03-03", "2026-03-03"),
    ]);
    missed_table(
        &beds,
        &pauses,
        &[
            ("2026-03-02", &[], &[MAX]),
            ("2026-03-03", &[], &[MAX]),
            ("2026-03-04", &[], &[]),
            ("2026-03-06", &[], &[]),
            ("2026-03-07", &[], &[LILY, MAX]),
        ],
    );
}

#[test]
fn a_new_pause_is_checked_with_its_field_named() {
    let today = date("2030-01-07");
    let ok = parse(" 2030-01-07 ", "2030-01-13", "  Ski trip ", today).unwrap();
    assert_eq!(
        ok,
        NewPause {
            from: date("2030-01-07"),
            to: date("2030-01-13"),
            reason: "Ski trip".into(),
        }
    );
    // One day, no reason.
    assert!(parse("2030-01-08", "2030-01-08", "", today).is_ok());
    // A year and a day is the longest: 366 days.
    assert!(parse("2030-01-07", "2031-01-07", "", today).is_ok());
    // Each refusal on its field, with its code and the English text users read.
    let refused = |from: &str, to: &str, reason: &str| {
        let err = parse(from, to, reason, today).unwrap_err();
        (err.field, err.code(), err.message())
    };
    let long_reason = "x".repeat(201);
    let cases: [(&str, &str, &str, &str, &str, &str); 8] = [
        (
            "",
            "2030-01-08",
            "",
            "from",
            "REQUIRED",
            "Start date is required",
        ),
        (
            "2030-01-08",
            " ",
            "",
            "to",
            "REQUIRED",
            "End date is required",
        ),
        (
            "07/01/2030",
            "2030-01-08",
            "",
            "from",
            "DATE_INVALID",
            "Date must be a date as YYYY-MM-DD",
        ),
        (
            "2030-01-08",
            "2030-02-30",
            "",
            "to",
            "DATE_INVALID",
            "Date must be a date as YYYY-MM-DD",
        ),
        (
            "2030-01-06",
            "2030-01-08",
            "",
            "from",
            "PAUSE_IN_PAST",
            "A pause cannot start in the past",
        ),
        (
            "2030-01-10",
            "2030-01-09",
            "",
            "to",
            "PAUSE_END_BEFORE_START",
            "End date cannot be before the start date",
        ),
        (
            "2030-01-07",
            "2031-01-08",
            "",
            "to",
            "PAUSE_TOO_LONG",
            "A pause can last at most 366 days",
        ),
        (
            "2030-01-08",
            "2030-01-09",
            &long_reason,
            "reason",
            "TOO_LONG",
            "Reason must be at most 200 characters",
        ),
    ];
    for (from, to, reason, field, code, message) in cases {
        assert_eq!(
            refused(from, to, reason),
            (field, code, message.to_owned()),
            "{from}..{to}"
        );
    }
    assert_eq!(
        refused("2031-01-09", "2031-01-10", ""),
        (
            "from",
            "PAUSE_TOO_FAR_AHEAD",
            "A pause can start at most a year ahead".to_owned()
        )
    );
}

#[test]
fn removing_a_pause_keeps_the_days_already_paused() {
    let today = date("2030-01-10");
    let p = |from: &str, to: &str| pause(None, from, to);
    assert_eq!(
        removal(&p("2030-01-11", "2030-01-20"), today),
        Removal::Remove
    );
    assert_eq!(
        removal(&p("2030-01-10", "2030-01-20"), today),
        Removal::Remove
    );
    assert_eq!(
        removal(&p("2030-01-08", "2030-01-20"), today),
        Removal::EndOn(date("2030-01-09"))
    );
    assert_eq!(
        removal(&p("2030-01-08", "2030-01-10"), today),
        Removal::EndOn(date("2030-01-09"))
    );
    assert_eq!(
        removal(&p("2030-01-01", "2030-01-09"), today),
        Removal::Over
    );
}
