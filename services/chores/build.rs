// `sqlx::migrate!` embeds the migrations folder at compile time, but cargo
// does not know that: without this, a new migration file is left out of an
// incremental build (sqlx's own advice, `sqlx migrate build-script`).
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
