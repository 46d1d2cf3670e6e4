//! A child's school subjects and grades, and the GPA they add up to.

use std::collections::HashMap;

use chorely_proto::events::v1::MultiplierChanged;
use chorely_proto::rewards::v1::{self as pb, GradeScale};
use kit::{
    authn::User,
    codes::{self, Label},
    time::to_proto,
    validate,
};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::{
    access,
    clients::Clients,
    error::Error,
    grades::{self, Letter},
    store::{
        self,
        grades::GradeRow,
        subjects::{SubjectFields, SubjectRow},
    },
};

#[derive(Clone)]
pub struct Subjects {
    pub pool: PgPool,
    pub clients: Clients,
}

fn subject_id(raw: &str) -> Result<Uuid, Error> {
    Uuid::parse_str(raw).map_err(|_| Error::SubjectNotFound)
}

pub fn child_id(raw: &str) -> Result<Uuid, Error> {
    Uuid::parse_str(raw).map_err(|_| Error::ChildNotFound)
}

/// Where a child stands at school: GPA of active graded subjects, and
/// whether any of them is at D or F.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Standing {
    pub gpa_centi: Option<i32>,
    pub failing: bool,
}

impl Standing {
    pub fn letter(&self) -> Option<Letter> {
        self.gpa_centi.map(grades::gpa_letter)
    }
}

fn scale_of(subject: &SubjectRow) -> grades::Scale {
    // Stored scales were checked when saved.
    grades::parse_scale(&subject.custom_scale).unwrap_or_default()
}

fn by_subject(grades: &[GradeRow]) -> HashMap<Uuid, Vec<&GradeRow>> {
    let mut map: HashMap<Uuid, Vec<&GradeRow>> = HashMap::new();
    for g in grades {
        map.entry(g.subject_id).or_default().push(g);
    }
    map
}

/// The standing of each of `children` from their subjects and the grades
/// of those (each subject's newest first).
pub fn standings(
    children: &[Uuid],
    subjects: &[SubjectRow],
    grades: &[GradeRow],
) -> HashMap<Uuid, Standing> {
    let mut by_child: HashMap<Uuid, Vec<SubjectRow>> = HashMap::new();
    for subject in subjects {
        by_child
            .entry(subject.child_id)
            .or_default()
            .push(subject.clone());
    }
    children
        .iter()
        .map(|child| {
            let theirs = by_child.get(child).map_or(&[][..], Vec::as_slice);
            (*child, standing(theirs, grades))
        })
        .collect()
}

/// Standing from subjects and their grades (newest first).
pub fn standing(subjects: &[SubjectRow], grades: &[GradeRow]) -> Standing {
    let grades = by_subject(grades);
    let mut points = Vec::new();
    let mut failing = false;
    for subject in subjects.iter().filter(|s| s.is_active) {
        let theirs = grades.get(&subject.id).map(Vec::as_slice).unwrap_or(&[]);
        // The latest grade counts (a percentage's letter was fixed when recorded).
        if let Some(letter) = theirs.first().and_then(|g| Letter::parse(&g.letter)) {
            points.push(scale_of(subject).points(letter));
            failing |= letter.is_failing();
        }
    }
    Standing {
        gpa_centi: grades::gpa(&points),
        failing,
    }
}

fn scale_name(raw: i32) -> Result<&'static str, Error> {
    match GradeScale::try_from(raw) {
        Ok(GradeScale::Letter) => Ok("LETTER"),
        Ok(GradeScale::Percentage) => Ok("PERCENTAGE"),
        _ => Err(codes::required(Label::GradeScale).on("gradeScale").into()),
    }
}

fn fields(req: &pb::UpsertSubjectRequest) -> Result<SubjectFields, Error> {
    let custom_scale = req.custom_scale.trim().to_owned();
    grades::parse_scale(&custom_scale)?;
    Ok(SubjectFields {
        name: validate::required(&req.name, "name", Label::Name)?,
        teacher: validate::optional(&req.teacher, "teacher", Label::Teacher)?,
        period: validate::optional(&req.period, "period", Label::Period)?,
        grade_scale: scale_name(req.grade_scale)?,
        custom_scale,
    })
}

impl Subjects {
    pub async fn list(
        &self,
        user: &User,
        org: Uuid,
        child: &str,
    ) -> Result<Vec<pb::Subject>, Error> {
        let child = child_id(child)?;
        access::child(&self.pool, &self.clients, user, child).await?;
        let subjects = store::subjects::of_child(&self.pool, org, child).await?;
        self.views(subjects).await
    }

    pub async fn create(
        &self,
        parent: &User,
        org: Uuid,
        req: pb::UpsertSubjectRequest,
    ) -> Result<pb::Subject, Error> {
        let child = child_id(&req.id)?;
        let fields = fields(&req)?;
        self.clients.child(parent, child).await?;
        let mut tx = self.pool.begin().await?;
        let id = store::subjects::insert(&mut tx, org, child, &fields).await?;
        changed(&mut tx, org, Some(child)).await?;
        tx.commit().await?;
        self.get(org, id).await
    }

    /// Edits a subject, or only archives or restores it when `is_active` comes alone.
    pub async fn update(
        &self,
        org: Uuid,
        req: pb::UpsertSubjectRequest,
    ) -> Result<pb::Subject, Error> {
        let id = subject_id(&req.id)?;
        let mut tx = self.pool.begin().await?;
        let child = store::subjects::find(&mut tx, org, id)
            .await?
            .ok_or(Error::SubjectNotFound)?
            .child_id;
        let done = match req.is_active {
            Some(active) if req.name.trim().is_empty() => {
                store::subjects::set_active(&mut tx, org, id, active).await?
            }
            _ => store::subjects::update(&mut tx, org, id, &fields(&req)?).await?,
        };
        if !done {
            return Err(Error::SubjectNotFound);
        }
        changed(&mut tx, org, Some(child)).await?;
        tx.commit().await?;
        self.get(org, id).await
    }

    pub async fn delete(&self, org: Uuid, id: &str) -> Result<(), Error> {
        let id = subject_id(id)?;
        let mut tx = self.pool.begin().await?;
        let child = store::subjects::find(&mut tx, org, id)
            .await?
            .ok_or(Error::SubjectNotFound)?
            .child_id;
        if !store::subjects::delete(&mut tx, org, id).await? {
            return Err(Error::SubjectNotFound);
        }
        changed(&mut tx, org, Some(child)).await?;
        tx.commit().await?;
        Ok(())
    }

    pub async fn archive_all(&self, parent: &User, org: Uuid, child: &str) -> Result<u64, Error> {
        let child = child_id(child)?;
        self.clients.child(parent, child).await?;
        let mut tx = self.pool.begin().await?;
        let archived = store::subjects::archive_all(&mut tx, org, child).await?;
        if archived > 0 {
            changed(&mut tx, org, Some(child)).await?;
        }
        tx.commit().await?;
        Ok(archived)
    }

    /// Records a grade: a letter for LETTER subjects, a percentage for
    /// PERCENTAGE ones (its letter by the subject's thresholds).
    pub async fn grade(
        &self,
        org: Uuid,
        req: pb::GradeSubjectRequest,
    ) -> Result<pb::Subject, Error> {
        let id = subject_id(&req.id)?;
        let mut conn = self.pool.acquire().await?;
        let subject = store::subjects::find(&mut conn, org, id)
            .await?
            .ok_or(Error::SubjectNotFound)?;
        drop(conn);
        if !subject.is_active {
            return Err(Error::SubjectArchived);
        }
        let (letter, percentage) = if subject.grade_scale == "PERCENTAGE" {
            let centi = req
                .percentage_centi
                .ok_or_else(|| codes::required(Label::Percentage).on("percentage"))?;
            if !(0..=10000).contains(&centi) {
                return Err(codes::percentage_out_of_range().on("percentage").into());
            }
            (scale_of(&subject).letter(centi), Some(centi))
        } else {
            let letter = Letter::parse(&req.grade)
                .ok_or_else(|| codes::letter_grade_invalid().on("grade"))?;
            (letter, None)
        };
        let mut tx = self.pool.begin().await?;
        if !store::grades::insert(&mut tx, org, id, &letter.to_string(), percentage).await? {
            // Archived between the check and the write.
            return Err(Error::SubjectArchived);
        }
        changed(&mut tx, org, Some(subject.child_id)).await?;
        tx.commit().await?;
        self.get(org, id).await
    }

    async fn get(&self, org: Uuid, id: Uuid) -> Result<pb::Subject, Error> {
        let mut conn = self.pool.acquire().await?;
        let subject = store::subjects::find(&mut conn, org, id)
            .await?
            .ok_or(Error::SubjectNotFound)?;
        drop(conn);
        self.views(vec![subject])
            .await?
            .pop()
            .ok_or(Error::SubjectNotFound)
    }

    async fn views(&self, subjects: Vec<SubjectRow>) -> Result<Vec<pb::Subject>, Error> {
        let ids: Vec<Uuid> = subjects.iter().map(|s| s.id).collect();
        let grades = store::grades::of_subjects(&self.pool, &ids).await?;
        let grades = by_subject(&grades);
        Ok(subjects
            .iter()
            .map(|s| view(s, grades.get(&s.id).map(Vec::as_slice).unwrap_or(&[])))
            .collect())
    }
}

/// `9250` → `92.5%`.
fn percent_text(centi: i32) -> String {
    let text = format!("{}.{:02}", centi / 100, centi % 100);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text}%")
}

fn view(s: &SubjectRow, grades: &[&GradeRow]) -> pb::Subject {
    let scale = scale_of(s);
    let latest = grades.first();
    let letter = latest.and_then(|g| Letter::parse(&g.letter));
    let percentage = s.grade_scale == "PERCENTAGE";
    let current_grade = match latest {
        None => "N/A".to_owned(),
        Some(g) if percentage => g
            .percentage_centi
            .map_or_else(|| g.letter.clone(), percent_text),
        Some(g) => g.letter.clone(),
    };
    let points = letter.map(|l| scale.points(l));
    pb::Subject {
        id: s.id.to_string(),
        child_id: s.child_id.to_string(),
        name: s.name.clone(),
        teacher: s.teacher.clone(),
        period: s.period.clone(),
        grade_scale: if percentage {
            GradeScale::Percentage
        } else {
            GradeScale::Letter
        }
        .into(),
        custom_scale: s.custom_scale.clone(),
        is_active: s.is_active,
        current_grade,
        current_value_centi: if percentage {
            latest.and_then(|g| g.percentage_centi)
        } else {
            points
        },
        grades: grades
            .iter()
            .map(|g| pb::Grade {
                grade: g.letter.clone(),
                percentage_centi: g.percentage_centi,
                recorded_at: Some(to_proto(g.recorded_at)),
            })
            .collect(),
        grade_points_centi: points,
    }
}

/// Announces, in the transaction of the change, that what `child`'s
/// multiplier (or, for none, every child's of `org`) is measured by
/// changed: what approving their submissions pays moves with it.
pub async fn changed(tx: &mut PgConnection, org: Uuid, child: Option<Uuid>) -> Result<(), Error> {
    kit::outbox::enqueue(
        tx,
        &MultiplierChanged {
            organization_id: org.to_string(),
            child_id: child.map(|c| c.to_string()).unwrap_or_default(),
        },
    )
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use chrono::Utc;

    use super::*;

    fn subject(scale: &str, custom: &str, active: bool) -> SubjectRow {
        SubjectRow {
            id: Uuid::now_v7(),
            child_id: Uuid::nil(),
            name: "Math".into(),
            teacher: String::new(),
            period: String::new(),
            grade_scale: scale.into(),
            custom_scale: custom.into(),
            is_active: active,
        }
    }

    fn grade(subject: &SubjectRow, letter: &str, pct: Option<i32>) -> GradeRow {
        GradeRow {
            subject_id: subject.id,
            letter: letter.into(),
            percentage_centi: pct,
            recorded_at: Utc::now(),
        }
    }

    #[test]
    fn gpa_mixes_letter_and_percentage_subjects_and_skips_archived_ones() {
        let math = subject("LETTER", "", true);
        let art = subject("PERCENTAGE", "", true);
        let honours = subject("LETTER", r#"{"points": {"A": 5.0}}"#, true);
        let old = subject("LETTER", "", false);
        let ungraded = subject("LETTER", "", true);
        let grades = [
            grade(&math, "B", None),      // 3.0
            grade(&art, "C", Some(7550)), // 2.0
            grade(&honours, "A", None),   // 5.0
            grade(&old, "F", None),       // archived: ignored
        ];
        let s = standing(&[math, art, honours, old, ungraded], &grades);
        assert_eq!(s.gpa_centi, Some(333));
        assert_eq!(s.letter(), Some(Letter::B));
        assert!(!s.failing, "the F is archived");
    }

    #[test]
    fn the_latest_grade_counts() {
        let math = subject("LETTER", "", true);
        let newer = grade(&math, "D", None);
        let older = grade(&math, "A", None);
        let s = standing(&[math], &[newer, older]);
        assert_eq!(s.gpa_centi, Some(100));
        assert!(s.failing);
    }

    #[test]
    fn a_subjects_fields_are_refused_with_their_codes() {
        let req =
            |name: &str, grade_scale: GradeScale, custom_scale: &str| pb::UpsertSubjectRequest {
                name: name.into(),
                grade_scale: grade_scale.into(),
                custom_scale: custom_scale.into(),
                ..Default::default()
            };
        let refused = |req: pb::UpsertSubjectRequest| match fields(&req) {
            Err(Error::Invalid(err)) => (err.field, err.refusal),
            Err(other) => panic!("not a field error: {other}"),
            Ok(_) => panic!("accepted"),
        };
        assert_eq!(
            refused(req(" ", GradeScale::Letter, "")),
            ("name", codes::required(Label::Name))
        );
        let (field, refusal) = refused(req("Maths", GradeScale::Unspecified, ""));
        assert_eq!((field, refusal.code()), ("gradeScale", "REQUIRED"));
        assert_eq!(refusal.message(), "Grade scale is required");
        assert_eq!(
            refused(req("Maths", GradeScale::Letter, "{")),
            ("customScale", codes::custom_scale_not_json())
        );
        let long = pb::UpsertSubjectRequest {
            teacher: "t".repeat(101),
            ..req("Maths", GradeScale::Letter, "")
        };
        assert_eq!(
            refused(long),
            ("teacher", codes::too_long(Label::Teacher, 100))
        );
        assert!(fields(&req("Maths", GradeScale::Percentage, "")).is_ok());
    }

    #[test]
    fn percentages_read_without_trailing_zeros() {
        assert_eq!(percent_text(9250), "92.5%");
        assert_eq!(percent_text(9000), "90%");
        assert_eq!(percent_text(8725), "87.25%");
        assert_eq!(percent_text(5), "0.05%");
    }
}
