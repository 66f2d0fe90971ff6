//! Linear programs shared by the table searches: a small revised simplex
//! ([`simplex`]) whose dual prices bound an integer optimum (weak duality).

pub(crate) mod simplex;
