//! Generated gRPC services and domain events of Chorely.

#![allow(clippy::all, clippy::unwrap_used)]

pub mod auth {
    pub mod v1 {
        tonic::include_proto!("chorely.auth.v1");
    }
}
pub mod family {
    pub mod v1 {
        tonic::include_proto!("chorely.family.v1");
    }
}
pub mod chores {
    pub mod v1 {
        tonic::include_proto!("chorely.chores.v1");
    }
}
pub mod rewards {
    pub mod v1 {
        tonic::include_proto!("chorely.rewards.v1");
    }
}
pub mod platform {
    pub mod v1 {
        tonic::include_proto!("chorely.platform.v1");
    }
}
pub mod events;
