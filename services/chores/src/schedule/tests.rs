//! Where chores stand, as tables of (moment, child, expected status): a
//! status of `None` means the chore is not on the child's list that day.

use super::*;
use Status::*;

const LILY: Uuid = Uuid::from_u128(1);
const MAX: Uuid = Uuid::from_u128(2);
const NOA: Uuid = Uuid::from_u128(3);

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

fn utc(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).unwrap().to_utc()
}

fn name(child: Uuid) -> &'static str {
    match child {
        LILY => "Lily",
        MAX => "Max",
        NOA => "Noa",
        _ => "someone",
    }
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

/// `child`'s pending submission, completed on the day of `at` and sent at `at`.
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

fn check(rules: &Rules, marks: &[Mark], rows: &[Row]) {
    for (at, child, expected) in rows {
        let standing = standing(rules, *child, marks, *at, tz());
        assert_eq!(
            standing.status(*at),
            *expected,
            "{} at {} ({}): {standing:?}",
            name(*child),
            at.with_timezone(&tz()),
            at
        );
    }
}

fn holder(rules: &Rules, at: DateTime<Utc>, child: Uuid) -> Option<Uuid> {
    match standing(rules, child, &[], at, tz()) {
        Standing::NotYourTurn { holder, .. } => Some(holder),
        Standing::Open { .. } => Some(child),
        _ => None,
    }
}

#[test]
fn a_daily_rotation_moves_on_at_each_midnight_in_list_order() {
    let dishes = rules(Mode::Rotate, &[LILY, MAX, NOA], 1);
    check(
        &dishes,
        &[],
        &[
            (local("2026-03-02 00:00"), LILY, Some(Todo)),
            (local("2026-03-02 00:00"), MAX, Some(NotYourTurn)),
            (local("2026-03-02 00:00"), NOA, Some(NotYourTurn)),
            (local("2026-03-02 23:59"), LILY, Some(Todo)),
            (local("2026-03-03 00:00"), LILY, Some(NotYourTurn)),
            (local("2026-03-03 00:00"), MAX, Some(Todo)),
            (local("2026-03-04 12:00"), MAX, Some(NotYourTurn)),
            (local("2026-03-04 12:00"), NOA, Some(Todo)),
            // Back to the start of the list.
            (local("2026-03-05 00:00"), LILY, Some(Todo)),
            (local("2026-03-05 00:00"), NOA, Some(NotYourTurn)),
            // Before the rotation began, the order runs backwards.
            (local("2026-03-01 12:00"), NOA, Some(Todo)),
        ],
    );
    // Max is told whose turn it is and when his comes.
    match standing(&dishes, MAX, &[], local("2026-03-02 09:00"), tz()) {
        Standing::NotYourTurn { holder, next_turn } => {
            assert_eq!(holder, LILY);
            assert_eq!(next_turn, Some(local("2026-03-03 00:00")));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_turn_moves_on_whether_or_not_it_was_done() {
    let dishes = rules(Mode::Rotate, &[LILY, MAX], 1);
    // Lily did hers on Monday; Max skipped his on Tuesday.
    let marks = [mark(LILY, local("2026-03-02 18:00"))];
    check(
        &dishes,
        &marks,
        &[
            (local("2026-03-02 19:00"), LILY, Some(Done)),
            (local("2026-03-02 19:00"), MAX, Some(NotYourTurn)),
            (local("2026-03-03 08:00"), MAX, Some(Todo)),
            (local("2026-03-03 08:00"), LILY, Some(NotYourTurn)),
            (local("2026-03-03 23:59"), MAX, Some(Todo)),
            // Wednesday is Lily's again, done or not on Tuesday.
            (local("2026-03-04 00:00"), LILY, Some(Todo)),
            (local("2026-03-04 00:00"), MAX, Some(NotYourTurn)),
        ],
    );
}

#[test]
fn a_weekly_rotation_counts_periods_from_the_day_it_began() {
    // Begun on a Wednesday: each turn runs Wednesday to Tuesday.
    let mut trash = rules(Mode::Rotate, &[LILY, MAX, NOA], 7);
    trash.starts_on = date("2026-03-04");
    check(
        &trash,
        &[],
        &[
            (local("2026-03-04 00:00"), LILY, Some(Todo)),
            (local("2026-03-10 23:59"), LILY, Some(Todo)),
            (local("2026-03-11 00:00"), LILY, Some(NotYourTurn)),
            (local("2026-03-11 00:00"), MAX, Some(Todo)),
            (local("2026-03-18 00:00"), NOA, Some(Todo)),
            (local("2026-03-25 00:00"), LILY, Some(Todo)),
        ],
    );
    let Standing::NotYourTurn { next_turn, .. } =
        standing(&trash, LILY, &[], local("2026-03-12 10:00"), tz())
    else {
        panic!("Lily's turn on the 12th");
    };
    assert_eq!(next_turn, Some(local("2026-03-25 00:00")));
    // Done in her week, Lily is done until her next turn.
    let done = [mark(LILY, local("2026-03-05 10:00"))];
    assert_eq!(
        standing(&trash, LILY, &done, local("2026-03-09 10:00"), tz()),
        Standing::Done {
            mark: done[0],
            again: Some(local("2026-03-25 00:00")),
        }
    );
}

#[test]
fn a_scheduled_rotation_takes_turns_on_due_days_only() {
    // Mondays, Wednesdays and Fridays.
    let bins = scheduled(
        rules(Mode::Rotate, &[LILY, MAX, NOA], 1),
        &[1, 3, 5],
        Some("19:00"),
    );
    check(
        &bins,
        &[],
        &[
            (local("2026-03-02 12:00"), LILY, Some(Todo)),
            (local("2026-03-02 12:00"), MAX, Some(NotYourTurn)),
            // Tuesday is not a due day: on nobody's list.
            (local("2026-03-03 12:00"), LILY, None),
            (local("2026-03-03 12:00"), MAX, None),
            (local("2026-03-04 12:00"), MAX, Some(Todo)),
            (local("2026-03-06 12:00"), NOA, Some(Todo)),
            (local("2026-03-09 12:00"), LILY, Some(Todo)),
            (local("2026-03-11 12:00"), MAX, Some(Todo)),
        ],
    );
    let turns: Vec<(NaiveDate, Uuid, bool)> = bins
        .turns(date("2026-03-03"), 4)
        .into_iter()
        .map(|t| (t.period.start, t.holder, t.swapped))
        .collect();
    assert_eq!(
        turns,
        [
            (date("2026-03-04"), MAX, false),
            (date("2026-03-06"), NOA, false),
            (date("2026-03-09"), LILY, false),
            (date("2026-03-11"), MAX, false),
        ]
    );
}

#[test]
fn a_swap_gives_a_turn_away_and_takes_the_other_childs_next_one_back() {
    let mut dishes = rules(Mode::Rotate, &[LILY, MAX, NOA], 1);
    let wednesday = dishes.period(date("2026-03-04")).unwrap();
    assert_eq!(dishes.holder(&wednesday), Some(NOA));
    // Noa is away on Wednesday: Lily takes it and Noa does Lily's Thursday.
    let swaps = dishes.swap(&wednesday, LILY);
    assert_eq!(
        swaps,
        [(date("2026-03-04"), LILY), (date("2026-03-05"), NOA)]
    );
    dishes.swaps.extend(swaps);
    check(
        &dishes,
        &[],
        &[
            (local("2026-03-03 12:00"), MAX, Some(Todo)),
            (local("2026-03-04 12:00"), LILY, Some(Todo)),
            (local("2026-03-04 12:00"), NOA, Some(NotYourTurn)),
            (local("2026-03-05 12:00"), NOA, Some(Todo)),
            (local("2026-03-05 12:00"), LILY, Some(NotYourTurn)),
            // Then the order goes on as before.
            (local("2026-03-06 12:00"), MAX, Some(Todo)),
            (local("2026-03-07 12:00"), NOA, Some(Todo)),
        ],
    );
    let turns: Vec<(NaiveDate, Uuid, bool)> = dishes
        .turns(date("2026-03-04"), 3)
        .into_iter()
        .map(|t| (t.period.start, t.holder, t.swapped))
        .collect();
    assert_eq!(
        turns,
        [
            (date("2026-03-04"), LILY, true),
            (date("2026-03-05"), NOA, true),
            (date("2026-03-06"), MAX, false),
        ]
    );
    // Giving a turn to the child who has it changes nothing.
    assert!(dishes.swap(&wednesday, LILY).is_empty());
}

#[test]
fn days_and_due_times_follow_the_familys_clock_through_clock_changes() {
    // New York moved its clocks from 02:00 to 03:00 on Sunday 8 March 2026
    // and back from 02:00 to 01:00 on Sunday 1 November 2026.
    let dishes = rules(Mode::Rotate, &[LILY, MAX], 1);
    // Saturday 7 March is Max's, Sunday 8 Lily's, Monday 9 Max's.
    let rows = [
        ("2026-03-08T04:59:59Z", MAX),
        // Sunday 8 March began at 05:00 UTC (EST) ...
        ("2026-03-08T05:00:00Z", LILY),
        // ... and Monday 9 March at 04:00 UTC (EDT), an hour earlier.
        ("2026-03-09T03:59:59Z", LILY),
        ("2026-03-09T04:00:00Z", MAX),
        // Sunday 1 November began at 04:00 UTC (EDT), Monday 2 at 05:00 (EST).
        ("2026-11-01T03:59:59Z", MAX),
        ("2026-11-01T04:00:00Z", LILY),
        ("2026-11-02T04:59:59Z", LILY),
        ("2026-11-02T05:00:00Z", MAX),
    ];
    for (at, expected) in rows {
        assert_eq!(holder(&dishes, utc(at), LILY), Some(expected), "{at}");
    }

    let sunday = |time: &str| scheduled(rules(Mode::Each, &[], 1), &[7], Some(time));
    let cases = [
        // 08:00 on the day the clocks go forward is 12:00 UTC (EDT).
        (sunday("08:00"), utc("2026-03-08T10:59:00Z"), Todo),
        (sunday("08:00"), utc("2026-03-08T11:30:00Z"), DueSoon),
        (sunday("08:00"), utc("2026-03-08T12:00:00Z"), Late),
        // 02:30 never shows that day: due as the clock jumps to 03:00 EDT.
        (sunday("02:30"), utc("2026-03-08T06:59:00Z"), DueSoon),
        (sunday("02:30"), utc("2026-03-08T07:00:00Z"), Late),
        // 01:30 shows twice when the clocks go back: due the first time (EDT).
        (sunday("01:30"), utc("2026-11-01T05:29:00Z"), DueSoon),
        (sunday("01:30"), utc("2026-11-01T05:30:00Z"), Late),
        // That day has 25 hours: 23:30 EST is still Sunday, late.
        (sunday("01:30"), utc("2026-11-02T04:30:00Z"), Late),
    ];
    for (rules, at, expected) in cases {
        assert_eq!(
            standing(&rules, LILY, &[], at, tz()).status(at),
            Some(expected),
            "due {:?} at {at}",
            rules.due_time
        );
    }
    // And Monday (not a due day) begins at 05:00 UTC (EST) on 2 November.
    let chore = sunday("01:30");
    assert_eq!(
        standing(&chore, LILY, &[], utc("2026-11-02T05:00:00Z"), tz())
            .status(utc("2026-11-02T05:00:00Z")),
        None
    );
    let skipped = sunday("02:30");
    assert_eq!(
        skipped.due_at(&skipped.period(date("2026-03-08")).unwrap(), tz()),
        Some(utc("2026-03-08T07:00:00Z"))
    );
}

#[test]
fn each_assigned_child_does_it_on_their_own() {
    // Lily and Max, every day (the spec's rule); Noa is not assigned.
    let bed = rules(Mode::Each, &[LILY, MAX], 1);
    let marks = [mark(MAX, local("2026-03-02 07:00"))];
    check(
        &bed,
        &marks,
        &[
            (local("2026-03-02 10:00"), LILY, Some(Todo)),
            (local("2026-03-02 10:00"), MAX, Some(Done)),
            (local("2026-03-02 10:00"), NOA, None),
            (local("2026-03-03 00:00"), MAX, Some(Todo)),
        ],
    );
    // Weekly: done Monday, locked until the next Monday's midnight.
    let windows = rules(Mode::Each, &[LILY, MAX, NOA], 7);
    check(
        &windows,
        &marks,
        &[
            (local("2026-03-02 10:00"), MAX, Some(Done)),
            (local("2026-03-04 10:00"), MAX, Some(Cooldown)),
            (local("2026-03-04 10:00"), NOA, Some(Todo)),
            (local("2026-03-09 00:00"), MAX, Some(Todo)),
        ],
    );
    assert_eq!(
        standing(&windows, MAX, &marks, local("2026-03-04 10:00"), tz()).next_available_at(),
        Some(local("2026-03-09 00:00"))
    );
}

#[test]
fn first_come_is_taken_by_the_first_child_for_the_period() {
    let dog = rules(Mode::FirstCome, &[LILY, MAX, NOA], 1);
    // Max walked the dog at 09:00, Lily at 09:05 (sent before the rule held).
    let marks = [
        mark(LILY, local("2026-03-02 09:05")),
        mark(MAX, local("2026-03-02 09:00")),
    ];
    check(
        &dog,
        &marks,
        &[
            (local("2026-03-02 08:00"), NOA, Some(Todo)),
            (local("2026-03-02 10:00"), MAX, Some(Done)),
            (local("2026-03-02 10:00"), LILY, Some(Taken)),
            (local("2026-03-02 10:00"), NOA, Some(Taken)),
            // A new day is free for all.
            (local("2026-03-03 00:00"), LILY, Some(Todo)),
            (local("2026-03-03 00:00"), MAX, Some(Todo)),
            (local("2026-03-03 00:00"), NOA, Some(Todo)),
        ],
    );
    match standing(&dog, NOA, &marks, local("2026-03-02 10:00"), tz()) {
        Standing::Taken { by, until, .. } => {
            assert_eq!(by, MAX);
            assert_eq!(until, local("2026-03-03 00:00"));
        }
        other => panic!("{other:?}"),
    }
    // Max's submission rejected (it no longer counts): free again.
    check(
        &dog,
        &marks[..1],
        &[
            (local("2026-03-02 10:00"), LILY, Some(Done)),
            (local("2026-03-02 10:00"), MAX, Some(Taken)),
        ],
    );
    check(
        &dog,
        &[],
        &[
            (local("2026-03-02 10:00"), LILY, Some(Todo)),
            (local("2026-03-02 10:00"), MAX, Some(Todo)),
            (local("2026-03-02 10:00"), NOA, Some(Todo)),
        ],
    );
    // At any time (frequency 0), whoever took it may do it again that day.
    let tidy = rules(Mode::FirstCome, &[LILY, MAX, NOA], 0);
    check(
        &tidy,
        &marks,
        &[
            (local("2026-03-02 10:00"), MAX, Some(Todo)),
            (local("2026-03-02 10:00"), LILY, Some(Taken)),
            (local("2026-03-03 10:00"), LILY, Some(Todo)),
        ],
    );
}

#[test]
fn rotating_with_three_children_and_submissions() {
    let dishes = rules(Mode::Rotate, &[LILY, MAX, NOA], 1);
    let marks = [
        mark(LILY, local("2026-03-02 20:00")),
        mark(NOA, local("2026-03-04 08:00")),
    ];
    check(
        &dishes,
        &marks,
        &[
            (local("2026-03-02 19:00"), LILY, Some(Todo)),
            (local("2026-03-02 21:00"), LILY, Some(Done)),
            (local("2026-03-02 21:00"), MAX, Some(NotYourTurn)),
            (local("2026-03-02 21:00"), NOA, Some(NotYourTurn)),
            (local("2026-03-03 21:00"), MAX, Some(Todo)),
            (local("2026-03-04 09:00"), NOA, Some(Done)),
            (local("2026-03-04 09:00"), LILY, Some(NotYourTurn)),
        ],
    );
}

#[test]
fn a_scheduled_chore_is_open_from_the_start_of_its_day_and_late_after_its_time() {
    // Beds by 08:00 on Mondays, Wednesdays and Fridays, for each child.
    let beds = scheduled(rules(Mode::Each, &[], 1), &[1, 3, 5], Some("08:00"));
    let marks = [mark(MAX, local("2026-03-02 07:30"))];
    check(
        &beds,
        &marks,
        &[
            (local("2026-03-02 00:00"), LILY, Some(Todo)),
            (local("2026-03-02 06:59"), LILY, Some(Todo)),
            (local("2026-03-02 07:00"), LILY, Some(DueSoon)),
            (local("2026-03-02 08:00"), LILY, Some(Late)),
            (local("2026-03-02 23:59"), LILY, Some(Late)),
            (local("2026-03-02 08:00"), MAX, Some(Done)),
            (local("2026-03-02 10:00"), NOA, Some(Late)),
            (local("2026-03-03 07:00"), LILY, None),
            (local("2026-03-04 07:00"), MAX, Some(DueSoon)),
        ],
    );
    let tuesday = standing(&beds, LILY, &[], local("2026-03-03 07:00"), tz());
    assert_eq!(
        tuesday,
        Standing::NotDue {
            next: Some(local("2026-03-04 00:00"))
        }
    );
    // Without a due time it is due by the end of its day.
    let plants = scheduled(rules(Mode::Each, &[], 1), &[1], None);
    check(
        &plants,
        &[],
        &[
            (local("2026-03-02 22:59"), LILY, Some(Todo)),
            (local("2026-03-02 23:00"), LILY, Some(DueSoon)),
        ],
    );
}

#[test]
fn a_plain_chore_keeps_the_specs_rule() {
    let plain = rules(Mode::Each, &[], 2);
    assert!(plain.is_plain());
    let marks = [mark(LILY, local("2026-03-02 20:00"))];
    check(
        &plain,
        &marks,
        &[
            (local("2026-03-02 21:00"), LILY, Some(Done)),
            (local("2026-03-03 21:00"), LILY, Some(Cooldown)),
            (local("2026-03-04 00:00"), LILY, Some(Todo)),
            (local("2026-03-02 21:00"), MAX, Some(Todo)),
        ],
    );
    // At any time: always to do.
    check(
        &rules(Mode::Each, &[], 0),
        &marks,
        &[(local("2026-03-02 21:00"), LILY, Some(Todo))],
    );
}

#[test]
fn new_fields_are_checked_with_their_field_named() {
    let family = [LILY, MAX];
    let ids = |list: &[&str]| list.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    let stranger = Uuid::from_u128(99).to_string();
    for (mode, raw, code, message) in [
        (
            Mode::Each,
            ids(&[&stranger]),
            "ASSIGNED_NOT_IN_FAMILY",
            "Each assigned child must be a child of this family",
        ),
        (
            Mode::Each,
            ids(&["not-an-id"]),
            "ASSIGNED_NOT_IN_FAMILY",
            "Each assigned child must be a child of this family",
        ),
        (
            Mode::Each,
            ids(&[&LILY.to_string(), &LILY.to_string()]),
            "ASSIGNED_TWICE",
            "Each child can be assigned only once",
        ),
        (
            Mode::Rotate,
            ids(&[&LILY.to_string()]),
            "TURNS_NEED_TWO",
            "Choose at least two children to take turns",
        ),
        (
            Mode::Rotate,
            Vec::new(),
            "TURNS_NEED_TWO",
            "Choose at least two children to take turns",
        ),
    ] {
        let err = assigned(mode, &raw, &family).unwrap_err();
        assert_eq!(
            (err.field, err.code(), err.message()),
            (ASSIGNED, code, message.to_owned())
        );
    }
    assert_eq!(
        assigned(
            Mode::Rotate,
            &ids(&[&MAX.to_string(), &LILY.to_string()]),
            &family
        ),
        Ok(vec![MAX, LILY])
    );
    assert_eq!(assigned(Mode::FirstCome, &[], &family), Ok(vec![]));

    for (bad, code) in [
        (vec![0], "DUE_DAYS_RANGE"),
        (vec![8], "DUE_DAYS_RANGE"),
        (vec![-1], "DUE_DAYS_RANGE"),
        (vec![1, 1], "DUE_DAY_TWICE"),
    ] {
        let err = due_days(&bad).unwrap_err();
        assert_eq!((err.field, err.code()), ("dueDays", code), "{bad:?}");
    }
    assert_eq!(due_days(&[5, 1, 3]), Ok(vec![1, 3, 5]));

    for bad in [
        "7:00", "24:00", "12:60", "12:3a", "12-30", "12:30:00", " 1:00",
    ] {
        let err = due_time(bad).unwrap_err();
        assert_eq!(
            (err.field, err.code(), err.message()),
            (
                "dueTime",
                "DUE_TIME_INVALID",
                "Due time must be a time of day as HH:MM, from 00:00 to 23:59".to_owned()
            ),
            "{bad}"
        );
    }
    assert_eq!(due_time(""), Ok(None));
    assert_eq!(
        due_time("07:05").unwrap().map(|t| time_text(Some(t))),
        Some("07:05".to_owned())
    );
    // A due time alone is due every day; chosen days stay; no time, no days.
    let eight = due_time("08:00").unwrap();
    assert_eq!(due_on(vec![], eight), vec![1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(due_on(vec![1, 5], eight), vec![1, 5]);
    assert_eq!(due_on(vec![], None), Vec::<u32>::new());
    let err = penalty(&[], 50).unwrap_err();
    assert_eq!(
        (err.field, err.code(), err.message()),
        (
            "missedPenalty",
            "PENALTY_NEEDS_DAYS",
            "Choose the days a chore with a missed penalty is due on".to_owned()
        )
    );
    assert!(penalty(&[], 0).is_ok());
}

/// Children known since long before any day here.
fn known(family: &[Uuid]) -> Vec<Child> {
    family
        .iter()
        .map(|id| Child {
            id: *id,
            known_since: DateTime::UNIX_EPOCH,
        })
        .collect()
}

/// Who missed a chore due on Monday 2 and Wednesday 4 March 2026 by 08:00,
/// as (day, children with a submission that day, expected missed), the
/// chore and its children being long known.
fn missed_table(rules: &Rules, family: &[Uuid], rows: &[(&str, &[Uuid], &[Uuid])]) {
    for (day, sent, expected) in rows {
        let marks: Vec<Mark> = sent
            .iter()
            .map(|child| mark(*child, local(&format!("{day} 07:30"))))
            .collect();
        let since = Since::default();
        let mut missed = missed_on(rules, &since, date(day), tz(), &known(family), &marks);
        missed.sort();
        let mut want = expected.to_vec();
        want.sort();
        assert_eq!(missed, want, "{day}: sent by {sent:?}");
    }
}

#[test]
fn each_child_misses_their_own_due_day() {
    let every_child = scheduled(rules(Mode::Each, &[], 0), &[1, 3], Some("08:00"));
    missed_table(
        &every_child,
        &[LILY, MAX],
        &[
            ("2026-03-02", &[], &[LILY, MAX]),
            ("2026-03-02", &[LILY], &[MAX]),
            ("2026-03-03", &[], &[]), // not a due day
            ("2026-03-04", &[LILY, MAX], &[]),
            ("2026-03-01", &[], &[]), // before the chore counted
        ],
    );
    let only_max = scheduled(rules(Mode::Each, &[MAX], 0), &[1, 3], Some("08:00"));
    missed_table(
        &only_max,
        &[LILY, MAX],
        &[("2026-03-02", &[], &[MAX]), ("2026-03-04", &[MAX], &[])],
    );
}

#[test]
fn in_turns_only_the_holder_misses() {
    let mut turns = scheduled(rules(Mode::Rotate, &[LILY, MAX], 0), &[1, 3], Some("08:00"));
    missed_table(
        &turns,
        &[LILY, MAX, NOA],
        &[
            ("2026-03-02", &[], &[LILY]),
            ("2026-03-04", &[], &[MAX]),
            ("2026-03-04", &[MAX], &[]),
            ("2026-03-09", &[], &[LILY]),
        ],
    );
    // A swap gives the day, and the miss, to the other child.
    turns.swaps.insert(date("2026-03-09"), MAX);
    missed_table(&turns, &[LILY, MAX], &[("2026-03-09", &[], &[MAX])]);
}

#[test]
fn first_come_and_unscheduled_chores_are_never_missed() {
    let first_come = scheduled(rules(Mode::FirstCome, &[LILY, MAX], 0), &[1], None);
    missed_table(&first_come, &[LILY, MAX], &[("2026-03-02", &[], &[])]);
    let daily = rules(Mode::Rotate, &[LILY, MAX], 1);
    missed_table(&daily, &[LILY, MAX], &[("2026-03-02", &[], &[])]);
}

#[test]
fn a_reminder_is_owed_by_whoever_would_miss_it_and_first_come_by_everyone_until_taken() {
    let owed = |rules: &Rules, day: &str, sent: &[Uuid]| {
        let marks: Vec<Mark> = sent
            .iter()
            .map(|child| mark(*child, local(&format!("{day} 07:30"))))
            .collect();
        let mut owed = owed_on(rules, date(day), &[LILY, MAX], &marks);
        owed.sort();
        owed
    };
    let each = scheduled(rules(Mode::Each, &[], 0), &[1, 3], Some("08:00"));
    assert_eq!(owed(&each, "2026-03-02", &[LILY]), vec![MAX]);
    assert_eq!(
        owed(&each, "2026-03-03", &[]),
        Vec::<Uuid>::new(),
        "not due"
    );
    let turns = scheduled(rules(Mode::Rotate, &[LILY, MAX], 0), &[1, 3], Some("08:00"));
    assert_eq!(
        owed(&turns, "2026-03-04", &[]),
        vec![MAX],
        "only the holder"
    );
    let first_come = scheduled(rules(Mode::FirstCome, &[LILY, MAX], 0), &[1], Some("08:00"));
    assert_eq!(owed(&first_come, "2026-03-02", &[]), vec![LILY, MAX]);
    assert_eq!(
        owed(&first_come, "2026-03-02", &[MAX]),
        Vec::<Uuid>::new(),
        "taken"
    );
    assert_eq!(owed(&first_come, "2026-03-01", &[]), Vec::<Uuid>::new());
    let unscheduled = rules(Mode::FirstCome, &[LILY, MAX], 1);
    assert_eq!(owed(&unscheduled, "2026-03-02", &[]), Vec::<Uuid>::new());
}

/// A moment of the clock in `zone` ("2026-03-02 23:56").
fn wall(zone: Tz, text: &str) -> DateTime<Utc> {
    let wall = chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").unwrap();
    zone.from_local_datetime(&wall).single().unwrap().to_utc()
}

/// A chore whose every part began at `at`, each of its assigned children
/// assigned then.
fn made_at(rules: &Rules, at: DateTime<Utc>) -> Since {
    Since {
        periods: at,
        children: at,
        assigned: rules.assigned.iter().map(|child| (*child, at)).collect(),
    }
}

/// Who missed `rules` on `day` in `zone`, nothing sent, sorted.
fn missed_in(rules: &Rules, since: &Since, day: &str, zone: Tz, family: &[Child]) -> Vec<Uuid> {
    let mut missed = missed_on(rules, since, date(day), zone, family, &[]);
    missed.sort();
    missed
}

/// Every day by `time`, counted from Monday 2 March 2026.
fn daily(mode: Mode, assigned: &[Uuid], time: &str) -> Rules {
    scheduled(rules(mode, assigned, 1), &[1, 2, 3, 4, 5, 6, 7], Some(time))
}

#[test]
fn a_chore_made_after_its_due_time_is_missed_only_from_the_next_day_in_every_mode() {
    // Made at 23:56 on Monday in Kathmandu (UTC+05:45), due by 07:00: that
    // Monday's 07:00 had passed when it was made; Tuesday's had not.
    let kathmandu = chrono_tz::Asia::Kathmandu;
    let made = wall(kathmandu, "2026-03-02 23:56");
    assert_eq!(made, utc("2026-03-02T18:11:00Z"));
    let family = known(&[LILY, MAX]);
    let cases: [(Rules, &[Uuid]); 5] = [
        // Each on their own, every child.
        (daily(Mode::Each, &[], "07:00"), &[LILY, MAX]),
        // Each on their own, one assigned child.
        (daily(Mode::Each, &[LILY], "07:00"), &[LILY]),
        // In turns: Monday is Lily's, Tuesday Max's.
        (daily(Mode::Rotate, &[LILY, MAX], "07:00"), &[MAX]),
        // First come, for every child or for those assigned: no one's.
        (daily(Mode::FirstCome, &[], "07:00"), &[]),
        (daily(Mode::FirstCome, &[LILY, MAX], "07:00"), &[]),
    ];
    for (chore, tuesday) in cases {
        let since = made_at(&chore, made);
        let mode = (chore.mode, chore.assigned.len());
        assert_eq!(
            missed_in(&chore, &since, "2026-03-02", kathmandu, &family),
            Vec::<Uuid>::new(),
            "{mode:?} on the day it was made"
        );
        assert_eq!(
            missed_in(&chore, &since, "2026-03-03", kathmandu, &family),
            tuesday.to_vec(),
            "{mode:?} the next day"
        );
    }
    // Made a minute before its due time, it is missed that very day.
    let early = daily(Mode::Each, &[LILY], "07:00");
    let since = made_at(&early, wall(kathmandu, "2026-03-02 06:59"));
    assert_eq!(
        missed_in(&early, &since, "2026-03-02", kathmandu, &family),
        vec![LILY]
    );
}

#[test]
fn a_child_assigned_after_the_due_time_owes_the_chore_from_the_next_day() {
    let family = known(&[LILY, MAX, NOA]);
    let made = local("2026-02-23 12:00");
    let added = local("2026-03-02 20:00");
    // Lily's since it was made; Max added on Monday evening, after 08:00.
    let beds = daily(Mode::Each, &[LILY, MAX], "08:00");
    let mut since = made_at(&beds, made);
    since.assigned.insert(MAX, added);
    since.children = added;
    since.periods = added;
    assert_eq!(
        missed_in(&beds, &since, "2026-03-02", tz(), &family),
        vec![LILY]
    );
    assert_eq!(
        missed_in(&beds, &since, "2026-03-03", tz(), &family),
        vec![LILY, MAX]
    );
    // Made every child's on Monday evening: nobody owed Monday's.
    let everyone = daily(Mode::Each, &[], "08:00");
    let since = Since {
        periods: added,
        children: added,
        assigned: [(LILY, made)].into(),
    };
    assert_eq!(
        missed_in(&everyone, &since, "2026-03-02", tz(), &family),
        Vec::<Uuid>::new()
    );
    assert_eq!(
        missed_in(&everyone, &since, "2026-03-03", tz(), &family),
        vec![LILY, MAX, NOA]
    );
    // A rotation changed on Monday evening (Noa joined, the order counted
    // again from Monday): as it stands it held no turn at 08:00, whatever
    // the turns of the rotation before it.
    let dishes = daily(Mode::Rotate, &[LILY, MAX, NOA], "08:00");
    let mut since = made_at(&dishes, made);
    since.periods = added;
    since.children = added;
    since.assigned.insert(NOA, added);
    assert_eq!(
        missed_in(&dishes, &since, "2026-03-02", tz(), &family),
        Vec::<Uuid>::new()
    );
    assert_eq!(
        missed_in(&dishes, &since, "2026-03-03", tz(), &family),
        vec![MAX]
    );
}

#[test]
fn a_child_created_after_the_due_time_owes_nothing_that_day_in_any_mode() {
    // Noa joined the family on Monday at 09:00, after the 08:00 due time of
    // chores made long before; a child never heard of owes nothing.
    let made = local("2026-02-23 12:00");
    let family = [
        Child {
            id: LILY,
            known_since: made,
        },
        Child {
            id: NOA,
            known_since: local("2026-03-02 09:00"),
        },
    ];
    let cases: [(Rules, &[Uuid], &[Uuid]); 4] = [
        (daily(Mode::Each, &[], "08:00"), &[LILY], &[LILY, NOA]),
        (daily(Mode::Each, &[NOA], "08:00"), &[], &[NOA]),
        // Monday is Noa's turn, Tuesday Lily's, Wednesday Noa's again.
        (daily(Mode::Rotate, &[NOA, LILY], "08:00"), &[], &[LILY]),
        // Max's turn on Tuesday: he is not a child this service knows.
        (daily(Mode::Rotate, &[NOA, MAX], "08:00"), &[], &[]),
    ];
    for (chore, monday, tuesday) in cases {
        let since = made_at(&chore, made);
        let what = (chore.mode, chore.assigned.clone());
        assert_eq!(
            missed_in(&chore, &since, "2026-03-02", tz(), &family),
            monday.to_vec(),
            "{what:?} on Monday"
        );
        assert_eq!(
            missed_in(&chore, &since, "2026-03-03", tz(), &family),
            tuesday.to_vec(),
            "{what:?} on Tuesday"
        );
    }
    let dishes = daily(Mode::Rotate, &[NOA, LILY], "08:00");
    assert_eq!(
        missed_in(
            &dishes,
            &made_at(&dishes, made),
            "2026-03-04",
            tz(),
            &family
        ),
        vec![NOA]
    );
}

#[test]
fn after_a_move_to_another_zone_a_due_time_before_the_chore_is_not_missed() {
    // Made at 06:00 on Monday in Los Angeles (14:00 UTC), due by 07:00, its
    // periods counted from that Monday. The family then moves to Tokyo:
    // Monday's 07:00 there was 22:00 UTC on Sunday, before the chore;
    // Tuesday's, 22:00 UTC on Monday, after it.
    let (los_angeles, tokyo) = (chrono_tz::America::Los_Angeles, chrono_tz::Asia::Tokyo);
    let made = wall(los_angeles, "2026-03-02 06:00");
    assert_eq!(made, utc("2026-03-02T14:00:00Z"));
    let family = known(&[LILY, MAX]);
    let dishes = daily(Mode::Rotate, &[LILY, MAX], "07:00");
    let beds = daily(Mode::Each, &[], "07:00");
    for (chore, monday, tuesday) in [
        (&dishes, &[LILY][..], &[MAX][..]),
        (&beds, &[LILY, MAX][..], &[LILY, MAX][..]),
    ] {
        let since = made_at(chore, made);
        // Had the family stayed, Monday's 07:00 came after the chore.
        assert_eq!(
            missed_in(chore, &since, "2026-03-02", los_angeles, &family),
            monday.to_vec()
        );
        assert_eq!(
            missed_in(chore, &since, "2026-03-02", tokyo, &family),
            Vec::<Uuid>::new(),
            "{:?} on Monday in Tokyo",
            chore.mode
        );
        assert_eq!(
            missed_in(chore, &since, "2026-03-03", tokyo, &family),
            tuesday.to_vec()
        );
    }
}
