//! The API contract, read from the OpenAPI document the gateway serves: for
//! every JSON body of every operation, each field the document calls
//! nullable takes `null` (and the call succeeds as it does without it), and
//! each text field holding a NUL is refused with a 400 naming that field,
//! before any service sees it. A new operation or field is covered as soon as
//! it is in the document; a new operation without a recipe here fails.

use chrono::Utc;
use reqwest::{Client, StatusCode};
use serde_json::{Map, Value, json};

use crate::{
    chores::{category, chore},
    helpers::{
        Session, add_child, assert_field_refused, child, eventually, parent, registration, send,
        start, super_admin, unique_email,
    },
    submissions::{form, submit},
};

/// Who calls an operation, where, and with which valid body.
struct Call {
    session: Option<Session>,
    path: String,
    body: Value,
}

/// What the recipes need: a family on the largest plan (no limits in the
/// way), its child, and something of each kind.
struct Family {
    api: String,
    parent: Session,
    kid: Session,
    child: Value,
    category: String,
    chore: Value,
    /// A chore that Mia and Leo do in turns.
    rotating: Value,
    subject: String,
    other_family: String,
    admin: Session,
    /// The chores service's database, where a missed day is arranged (the
    /// job that finds them runs on days that end, not on a test's time).
    chores_pool: sqlx::PgPool,
}

impl Family {
    fn parent(&self) -> Option<Session> {
        Some(session(&self.parent))
    }
}

fn session(s: &Session) -> Session {
    Session {
        api: s.api.clone(),
        token: s.token.clone(),
        user: s.user.clone(),
        http: s.http.clone(),
    }
}

fn id(value: &Value) -> String {
    value["id"].as_str().unwrap().to_owned()
}

/// A valid call of `method path`, made fresh each time (so a success can be
/// repeated: new emails, new names, a new pending submission).
async fn call(f: &Family, method: &str, path: &str) -> Call {
    let child_id = id(&f.child);
    let unique = uuid::Uuid::new_v4().simple().to_string();
    let (session, path, body) = match (method, path) {
        ("POST", "/auth/register") => (None, path.to_owned(), registration()),
        ("POST", "/auth/login") => (
            None,
            path.to_owned(),
            json!({"email": f.parent.user["email"], "password": "secret123"}),
        ),
        ("POST", "/auth/accept-invite") => {
            let (_, code) = add_child(&f.parent, "Ivy").await;
            (
                None,
                path.to_owned(),
                json!({"inviteCode": code, "password": "secret123"}),
            )
        }
        ("POST", "/auth/forgot-password") => (
            None,
            path.to_owned(),
            json!({"email": unique_email("forgot")}),
        ),
        // The body's shape only: a mailed token is checked after the fields.
        ("POST", "/auth/reset-password") => (
            None,
            path.to_owned(),
            json!({"token": unique, "password": "secret123"}),
        ),
        ("POST", "/auth/verify-email") => (None, path.to_owned(), json!({"token": unique})),
        // The body's shape only: a second step's token is checked after the fields.
        ("POST", "/auth/login/mfa") => (
            None,
            path.to_owned(),
            json!({"mfaToken": unique, "code": "123456"}),
        ),
        // Shapes only (these bodies have no nullable fields, so only their
        // refused variants are sent): none of them may end the family's sessions.
        ("PUT", "/users/me/password") => (
            f.parent(),
            path.to_owned(),
            json!({"currentPassword": "secret123", "newPassword": "secret456"}),
        ),
        ("POST", "/auth/logout-everywhere" | "/users/me/mfa" | "/calendar/feeds") => (
            f.parent(),
            path.to_owned(),
            json!({"currentPassword": "secret123"}),
        ),
        ("PUT", "/children/{id}/password") => (
            f.parent(),
            format!("/children/{child_id}/password"),
            json!({"password": "secret456"}),
        ),
        ("POST", "/organizations/tablets") => (
            f.parent(),
            path.to_owned(),
            json!({"name": "Kitchen tablet"}),
        ),
        ("PUT", "/children/{id}/pin") => (
            f.parent(),
            format!("/children/{child_id}/pin"),
            json!({"pin": "2468"}),
        ),
        // The body's shape only: the tablet's token is checked after the fields.
        ("POST", "/tablet/unlock") => (
            None,
            path.to_owned(),
            json!({"childId": child_id, "pin": "2468"}),
        ),
        // The bodies' shape only: the code and the token are checked after the fields.
        ("POST", "/auth/device/link") => (
            None,
            path.to_owned(),
            json!({"code": "not-a-code", "deviceName": "iPhone"}),
        ),
        ("POST", "/auth/device/login") => (
            None,
            path.to_owned(),
            json!({"deviceToken": "not-a-device"}),
        ),
        ("POST", "/users/me/mfa/confirm" | "/users/me/mfa/disable") => {
            (f.parent(), path.to_owned(), json!({"code": "123456"}))
        }
        ("PUT", "/users/me") => (
            f.parent(),
            path.to_owned(),
            json!({"firstName": "Ann", "email": f.parent.user["email"]}),
        ),
        ("PUT", "/organizations/current") => {
            (f.parent(), path.to_owned(), json!({"name": "The Lees"}))
        }
        ("POST", "/organizations/invite-codes") => (f.parent(), path.to_owned(), json!({})),
        ("POST", "/children/invite") => (
            f.parent(),
            path.to_owned(),
            json!({"firstName": "Noa", "email": unique_email("child")}),
        ),
        ("PUT", "/children/{id}") => (
            f.parent(),
            format!("/children/{child_id}"),
            json!({"email": f.child["user"]["email"]}),
        ),
        ("PUT", "/children/{id}/ratings") => (
            f.parent(),
            format!("/children/{child_id}/ratings"),
            json!({"honestyRating": 7, "respectRating": 8, "rulesRating": 9}),
        ),
        ("POST", "/children/{id}/adjust-balance") => (
            f.parent(),
            format!("/children/{child_id}/adjust-balance"),
            json!({"amount": "+5.00", "notes": "Pocket money"}),
        ),
        ("PUT", "/children/{id}/split") => (
            f.parent(),
            format!("/children/{child_id}/split"),
            json!({"spend": 80, "save": 10, "give": 10}),
        ),
        // Amount 0 turns it off, and then the other fields may be null.
        ("PUT", "/children/{id}/allowance") => (
            f.parent(),
            format!("/children/{child_id}/allowance"),
            json!({"amount": 0}),
        ),
        ("PUT", "/children/{id}/interest") => (
            f.parent(),
            format!("/children/{child_id}/interest"),
            json!({"percentPerMonth": 1.5}),
        ),
        ("POST", "/children/{id}/transfers") => (
            f.parent(),
            format!("/children/{child_id}/transfers"),
            json!({"from": "SPEND", "to": "SAVE", "amount": 0.01, "notes": "Bike fund"}),
        ),
        ("POST", "/children/{id}/goals") => (
            f.parent(),
            format!("/children/{child_id}/goals"),
            json!({"name": format!("Kite {unique}"), "target": 12.5, "emoji": "🪁"}),
        ),
        ("PUT", "/goals/{id}") => {
            let (status, goal) = send(f.parent.post(
                &format!("/children/{child_id}/goals"),
                &json!({"name": "Kite", "target": 12.5}),
            ))
            .await;
            assert_eq!(status, StatusCode::CREATED, "{goal}");
            (
                f.parent(),
                format!("/goals/{}", id(&goal)),
                json!({"name": "Kite", "target": 15, "emoji": "🪁"}),
            )
        }
        ("POST", "/store/items") => (
            f.parent(),
            path.to_owned(),
            json!({"name": format!("Treat {unique}"), "price": 0.01}),
        ),
        ("PUT", "/store/items/{id}") => {
            let item = store_item(f).await;
            (
                f.parent(),
                format!("/store/items/{}", id(&item)),
                json!({"name": "Treat", "price": 0.02, "stock": 3}),
            )
        }
        ("PATCH", "/store/redemptions/{id}") => {
            let item = store_item(f).await;
            let (status, asked) = send(
                f.kid
                    .post(&format!("/store/items/{}/redeem", id(&item)), &json!({})),
            )
            .await;
            assert_eq!(status, StatusCode::CREATED, "{asked}");
            (
                f.parent(),
                format!("/store/redemptions/{}", id(&asked)),
                json!({"status": "APPROVED", "note": "Enjoy"}),
            )
        }
        ("POST", "/categories") => (
            f.parent(),
            path.to_owned(),
            json!({"name": format!("Garden {unique}")}),
        ),
        ("PUT", "/categories/{id}") => (
            f.parent(),
            format!("/categories/{}", f.category),
            json!({"name": format!("Kitchen {unique}")}),
        ),
        ("POST", "/chores") => (
            f.parent(),
            path.to_owned(),
            json!({"name": "Dishes", "baseReward": 1.5, "categoryId": f.category}),
        ),
        ("PUT", "/chores/{id}") => (
            f.parent(),
            format!("/chores/{}", id(&f.chore)),
            json!({"name": "Dishes", "baseReward": 1.5, "categoryId": f.category}),
        ),
        ("POST", "/chores/{id}/turns/swap") => {
            // Today's turn goes to whoever does not have it.
            let chore = id(&f.rotating);
            let (status, turns) =
                send(f.parent.get(&format!("/chores/{chore}/turns?count=1"))).await;
            assert_eq!(status, StatusCode::OK, "{turns}");
            let holder = turns["turns"][0]["child"]["id"].clone();
            let other = f.rotating["assignedChildIds"]
                .as_array()
                .unwrap()
                .iter()
                .find(|c| **c != holder)
                .unwrap()
                .clone();
            (
                f.parent(),
                format!("/chores/{chore}/turns/swap"),
                json!({"childId": other}),
            )
        }
        ("POST", "/missed/{id}/excuse") => {
            // A day of the chore the child missed, a different one each time.
            let missed = uuid::Uuid::new_v4();
            let offset = i64::from(missed.as_fields().1 % 3000) + 1;
            kit::tenancy::all_families(
                sqlx::query(
                    "INSERT INTO missed_chores (id, organization_id, chore_id, child_id, due_on,
                    due_at, penalty_cents)
                 SELECT $1, organization_id, id, $2, CURRENT_DATE - $3::int, now(), 0
                 FROM chores WHERE id = $4",
                )
                .bind(missed)
                .bind(uuid::Uuid::parse_str(&child_id).unwrap())
                .bind(i32::try_from(offset).unwrap())
                .bind(uuid::Uuid::parse_str(&id(&f.chore)).unwrap())
                .execute(&f.chores_pool),
            )
            .await
            .unwrap();
            (
                f.parent(),
                format!("/missed/{missed}/excuse"),
                json!({"reason": "Away at grandma's"}),
            )
        }
        ("POST", "/children/{id}/pauses" | "/organizations/current/pauses") => {
            // Days ahead in any family's calendar.
            let from = (Utc::now() + chrono::Duration::days(2)).date_naive();
            let to = from + chrono::Duration::days(1);
            (
                f.parent(),
                path.replace("{id}", &child_id),
                json!({"from": from.to_string(), "to": to.to_string(), "reason": "Camp"}),
            )
        }
        // An address on the internet (no lookup needed): the operator's
        // setting is off here, as in production.
        ("POST", "/webhooks") => (
            f.parent(),
            path.to_owned(),
            json!({"url": "https://192.31.196.1/chorely", "events": ["*"]}),
        ),
        ("POST", "/notifications/read") => (f.parent(), path.to_owned(), json!({"ids": []})),
        ("PUT", "/users/me/notifications") => (
            f.parent(),
            path.to_owned(),
            json!({"kinds": [{"kind": "SUBMISSION", "inApp": true, "email": true}],
                "digestTime": "18:00", "weeklySummary": true, "weeklySummaryDay": 7}),
        ),
        ("PATCH", "/submissions/{id}/review") => {
            let (status, submission) = submit(&f.kid, form(&f.chore, Utc::now(), None)).await;
            assert_eq!(status, StatusCode::CREATED, "{submission}");
            (
                f.parent(),
                format!("/submissions/{}/review", id(&submission)),
                json!({"status": "APPROVED"}),
            )
        }
        ("POST", "/payouts") => (
            f.parent(),
            path.to_owned(),
            json!({"childId": child_id, "amount": 0.01}),
        ),
        ("PUT", "/multipliers") => (
            f.parent(),
            path.to_owned(),
            json!({"gradeA": 1.5, "gradeB": 1.3, "gradeC": 1.0, "gradeD": 0.8, "gradeF": 0.5,
                "behaviourExcellent": 1.2, "behaviourPoor": 0.8,
                "streak7": 1.1, "streak30": 1.25, "streak90": 1.5}),
        ),
        ("POST", "/subjects/{id}") => (
            f.parent(),
            format!("/subjects/{child_id}"),
            json!({"name": "Maths", "gradeScale": "LETTER"}),
        ),
        ("PUT", "/subjects/{id}") => (
            f.parent(),
            format!("/subjects/{}", f.subject),
            json!({"name": "Maths", "gradeScale": "LETTER"}),
        ),
        ("POST", "/subjects/{id}/grade") => (
            f.parent(),
            format!("/subjects/{}/grade", f.subject),
            json!({"grade": "B"}),
        ),
        ("PATCH", "/admin/organizations/{id}/plan") => (
            Some(session(&f.admin)),
            format!("/admin/organizations/{}/plan", f.other_family),
            json!({"plan": "PRO"}),
        ),
        _ => panic!(
            "{method} {path} takes a JSON body but has no recipe in tests/api/contract.rs: add one"
        ),
    };
    Call {
        session,
        path,
        body,
    }
}

/// A store item of one cent, for a call that needs one.
async fn store_item(f: &Family) -> Value {
    let name = format!("Treat {}", uuid::Uuid::new_v4().simple());
    let (status, item) = send(
        f.parent
            .post("/store/items", &json!({"name": name, "price": 0.01})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{item}");
    item
}

fn f_admin_get(admin: &Session, family: &str) -> reqwest::RequestBuilder {
    admin.get(&format!("/admin/organizations/{family}"))
}

async fn send_call(f: &Family, method: &str, call: &Call) -> (StatusCode, Value) {
    let http = Client::new();
    let url = format!("{}{}", f.api, call.path);
    let mut request = http.request(method.parse().unwrap(), url).json(&call.body);
    if let Some(session) = &call.session {
        request = request.bearer_auth(&session.token);
    }
    send(request).await
}

/// `#/components/schemas/X` and `allOf` resolved into one list of properties.
fn properties(document: &Value, schema: &Value, into: &mut Map<String, Value>) {
    if let Some(reference) = schema["$ref"].as_str() {
        let name = reference.rsplit('/').next().unwrap();
        return properties(document, &document["components"]["schemas"][name], into);
    }
    for part in schema["allOf"].as_array().into_iter().flatten() {
        properties(document, part, into);
    }
    for (name, property) in schema["properties"].as_object().into_iter().flatten() {
        into.insert(name.clone(), property.clone());
    }
}

fn types(property: &Value) -> Vec<String> {
    match &property["type"] {
        Value::String(t) => vec![t.clone()],
        Value::Array(ts) => ts
            .iter()
            .filter_map(|t| t.as_str().map(str::to_owned))
            .collect(),
        _ => property["oneOf"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(types)
            .collect(),
    }
}

fn success(operation: &Value) -> StatusCode {
    let code = operation["responses"]
        .as_object()
        .unwrap()
        .keys()
        .find(|code| code.starts_with('2'))
        .unwrap();
    StatusCode::from_u16(code.parse().unwrap()).unwrap()
}

#[tokio::test]
async fn every_nullable_field_takes_null_and_no_text_field_takes_a_nul() {
    let (stack, api) = start().await;
    let admin = super_admin(&stack, &api).await;
    let parent = parent(&api).await;
    let family = parent.user["organization"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    // The platform learns of the family through its events.
    eventually("the family upgraded", || async {
        let (status, _) = send(admin.patch(
            &format!("/admin/organizations/{family}/plan"),
            &json!({"plan": "ENTERPRISE"}),
        ))
        .await;
        status == StatusCode::OK
    })
    .await;
    let (kid, child_record) = child(&parent, "Mia").await;
    let kitchen = category(&parent, "Kitchen").await;
    let dishes = chore(&parent, &kitchen, json!({"frequencyDays": 0})).await;
    let (leo, _) = add_child(&parent, "Leo").await;
    let rotating = chore(
        &parent,
        &kitchen,
        json!({"name": "Bins", "assignmentMode": "ROTATE",
            "assignedChildIds": [id(&child_record), id(&leo)]}),
    )
    .await;
    let (status, subject) = send(parent.post(
        &format!("/subjects/{}", id(&child_record)),
        &json!({"name": "Science", "gradeScale": "LETTER"}),
    ))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{subject}");
    let (status, _) = send(parent.post(
        &format!("/children/{}/adjust-balance", id(&child_record)),
        &json!({"amount": "+100.00", "notes": "Savings"}),
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    let other = self::parent(&api).await;
    let other_family = other.user["organization"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    eventually("the other family listed", || async {
        let (status, _) = send(f_admin_get(&admin, &other_family)).await;
        status == StatusCode::OK
    })
    .await;
    let f = Family {
        api: api.clone(),
        parent,
        kid,
        child: child_record,
        category: kitchen,
        chore: dishes,
        rotating,
        subject: id(&subject),
        other_family,
        admin,
        chores_pool: stack.chores_pool.clone(),
    };

    let document: Value = Client::new()
        .get(format!("{api}/openapi.json"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let mut checked = (0, 0);
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let Some(schema) = operation["requestBody"]["content"]
                .get("application/json")
                .map(|c| &c["schema"])
            else {
                continue;
            };
            let method = method.to_uppercase();
            let mut fields = Map::new();
            properties(&document, schema, &mut fields);
            for (name, property) in &fields {
                let kinds = types(property);
                if kinds.iter().any(|t| t == "null") {
                    let mut call = call(&f, &method, path).await;
                    call.body[name] = Value::Null;
                    let (status, answer) = send_call(&f, &method, &call).await;
                    assert_eq!(
                        status,
                        success(operation),
                        "{method} {path} with {name}: null: {answer}"
                    );
                    checked.0 += 1;
                }
                if kinds.iter().any(|t| t == "string") {
                    let mut call = call(&f, &method, path).await;
                    call.body[name] = json!("bad\u{0}text");
                    let (status, answer) = send_call(&f, &method, &call).await;
                    assert_eq!(
                        status,
                        StatusCode::BAD_REQUEST,
                        "{method} {path} {name}: {answer}"
                    );
                    assert_field_refused(&answer, name, "BAD_TEXT");
                    assert_eq!(
                        answer["message"],
                        format!("{name} contains a character that is not allowed")
                    );
                    assert_eq!(answer["details"][0]["params"], json!({ "field": name }));
                    checked.1 += 1;
                }
            }
        }
    }
    // The document really was walked: bodies with nullable and text fields.
    assert!(checked.0 >= 30 && checked.1 >= 40, "{checked:?}");
}

#[tokio::test]
async fn a_nul_in_a_query_path_or_form_field_is_refused_naming_it() {
    let (stack, api) = start().await;
    let admin = super_admin(&stack, &api).await;
    let (status, answer) = send(admin.get("/admin/users?search=a%00b")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_field_refused(&answer, "search", "BAD_TEXT");
    assert_eq!(answer["params"], json!({"field": "search"}));

    let parent = parent(&api).await;
    let (status, answer) = send(parent.get("/chores/ab%00cd")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_field_refused(&answer, "path", "BAD_TEXT");

    let kitchen = category(&parent, "Kitchen").await;
    let dishes = chore(&parent, &kitchen, json!({})).await;
    let (kid, _) = child(&parent, "Mia").await;
    let (status, answer) = submit(
        &kid,
        reqwest::multipart::Form::new()
            .text("choreId", id(&dishes))
            .text("completedAt", Utc::now().to_rfc3339())
            .text("notes", "done\u{0}"),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_field_refused(&answer, "notes", "BAD_TEXT");
}

#[tokio::test]
async fn each_service_names_the_field_it_refused() {
    let (_stack, api) = start().await;
    let parent = parent(&api).await;
    let (_, child_record) = child(&parent, "Mia").await;
    let child_id = id(&child_record);
    let kitchen = category(&parent, "Kitchen").await;
    for (service, session, method, path, body, field, code, message) in [
        (
            "auth",
            &parent,
            "PUT",
            "/users/me".to_owned(),
            json!({"firstName": "Ann", "email": parent.user["email"], "phone": "call me"}),
            "phone",
            "PHONE_INVALID",
            "Please enter a valid phone number",
        ),
        (
            "family",
            &parent,
            "PUT",
            "/organizations/current".to_owned(),
            json!({"name": "n".repeat(101)}),
            "name",
            "TOO_LONG",
            "Family name must be at most 100 characters",
        ),
        (
            "chores",
            &parent,
            "POST",
            "/chores".to_owned(),
            json!({"name": "Dishes", "baseReward": 10000.01, "categoryId": kitchen}),
            "baseReward",
            "BASE_REWARD_TOO_LARGE",
            "Base reward must be at most 10000.00",
        ),
        (
            "rewards",
            &parent,
            "POST",
            format!("/subjects/{child_id}"),
            json!({"name": "Maths", "gradeScale": "PERCENTAGE", "customScale": "not json"}),
            "customScale",
            "CUSTOM_SCALE_NOT_JSON",
            "",
        ),
    ] {
        let request = match method {
            "PUT" => session.put(&path, &body),
            "POST" => session.post(&path, &body),
            _ => session.get(&path),
        };
        let (status, answer) = send(request).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{service}: {answer}");
        if !field.is_empty() {
            assert_field_refused(&answer, field, code);
        }
        if !message.is_empty() {
            assert_eq!(answer["message"], message, "{service}: {answer}");
        }
        // A text naming values carries them, in the field's entry too: the
        // length's label by name, for clients to word it.
        if code == "TOO_LONG" {
            let params = json!({"label": "familyName", "max": 100});
            assert_eq!(answer["params"], params, "{answer}");
            assert_eq!(answer["details"][0]["params"], params, "{answer}");
        }
    }
}
