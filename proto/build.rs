//! Compiles every `.proto` under `chorely/` with the vendored `protoc`, so no
//! system compiler is needed.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let protoc = protoc_bin_vendored::protoc_bin_path()?;
    let mut config = prost_build::Config::new();
    config.protoc_executable(protoc);

    let protos = [
        "chorely/auth/v1/auth.proto",
        "chorely/auth/v1/notifications.proto",
        "chorely/family/v1/family.proto",
        "chorely/family/v1/webhooks.proto",
        "chorely/chores/v1/chores.proto",
        "chorely/chores/v1/pauses.proto",
        "chorely/chores/v1/calendar.proto",
        "chorely/rewards/v1/rewards.proto",
        "chorely/rewards/v1/savings.proto",
        "chorely/rewards/v1/allowance.proto",
        "chorely/platform/v1/platform.proto",
        "chorely/events/v1/events.proto",
        "chorely/events/v1/pauses.proto",
        "chorely/events/v1/allowance.proto",
    ];
    for proto in protos {
        println!("cargo:rerun-if-changed={proto}");
    }
    tonic_prost_build::configure()
        .build_server(true)
        .build_client(true)
        .compile_with_config(config, &protos, &["."])?;
    Ok(())
}
