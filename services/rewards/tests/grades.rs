//! A grade that does not fit its subject's scale is refused on its field,
//! with the catalogue's code (the checks need the subject, so the database).

#![allow(clippy::unwrap_used)]

use chorely_proto::rewards::v1::GradeSubjectRequest;
use kit::{
    codes::{self, Label},
    refusal::Refusal,
    tenancy::{Scope, within},
    testing::TestDb,
};
use rewards::{clients::Clients, error::Error, store::subjects::SubjectFields, subjects::Subjects};
use tonic::Status;
use uuid::Uuid;

/// The field a refused request names and the refusal it carries, as the
/// gateway reads them from its status.
fn refused(err: Error) -> (String, Refusal) {
    let status = Status::from(err);
    assert_eq!(status.code(), tonic::Code::InvalidArgument, "{status:?}");
    let (field, _) = kit::error::field_violations(&status).remove(0);
    (field, Refusal::of(&status).unwrap())
}

#[tokio::test]
async fn a_grade_outside_its_subjects_scale_is_refused_with_its_code() {
    let db = TestDb::new("rewards");
    let pool = kit::db::connect(&db.url, &rewards::startup::MIGRATIONS)
        .await
        .unwrap();
    // Grading asks no other service: nothing listens on port 9 (discard).
    let nowhere = "http://127.0.0.1:9";
    let subjects = Subjects {
        pool: pool.clone(),
        clients: Clients::new(nowhere, nowhere, nowhere).unwrap(),
    };
    let (org, child) = (Uuid::new_v4(), Uuid::new_v4());
    let subject = async |grade_scale| {
        let fields = SubjectFields {
            name: "Maths".into(),
            teacher: String::new(),
            period: String::new(),
            grade_scale,
            custom_scale: String::new(),
        };
        let mut conn = pool.acquire().await.unwrap();
        rewards::store::subjects::insert(&mut conn, org, child, &fields)
            .await
            .unwrap()
            .to_string()
    };
    within(Scope::Family(org), async {
        let letters = subject("LETTER").await;
        let percentages = subject("PERCENTAGE").await;
        let grade = async |id: &str, grade: &str, percentage_centi| {
            let req = GradeSubjectRequest {
                id: id.to_owned(),
                grade: grade.to_owned(),
                percentage_centi,
            };
            refused(subjects.grade(org, req).await.err().unwrap())
        };

        let (field, refusal) = grade(&letters, "E", None).await;
        assert_eq!(
            (field.as_str(), refusal.code()),
            ("grade", "LETTER_GRADE_INVALID")
        );
        assert_eq!(refusal.message(), "Grade must be one of A, B, C, D or F");
        let (field, refusal) = grade(&percentages, "", None).await;
        assert_eq!(
            (field.as_str(), refusal),
            ("percentage", codes::required(Label::Percentage))
        );
        let (field, refusal) = grade(&percentages, "", Some(10_001)).await;
        assert_eq!(
            (field.as_str(), refusal.code()),
            ("percentage", "PERCENTAGE_OUT_OF_RANGE")
        );
    })
    .await;
}
