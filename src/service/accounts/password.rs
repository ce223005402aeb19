//! People's passwords: kept only as argon2id PHC strings (OWASP's parameters: 19 MiB, 2 passes, 1 lane) with a salt
//! of their own, hashed and checked on tokio's blocking threads (tens of milliseconds each, which would stall an
//! async worker and every request on it).

use std::sync::LazyLock;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

use crate::service::ServiceError;

/// A password's length in characters.
pub const PASSWORD_CHARS: std::ops::RangeInclusive<usize> = 8..=128;

const MEMORY_KIB: u32 = 19 * 1024;
const PASSES: u32 = 2;
const LANES: u32 = 1;
const SALT_BYTES: usize = 16;

/// What a sign-in with an unknown name checks its password against: the same work as for a known name, so that the
/// time of the answer does not tell which names exist.
static DUMMY_HASH: LazyLock<String> =
    LazyLock::new(|| hash_now(&hex::encode(rand::random::<[u8; 16]>())).expect("a random password hashes"));

fn argon2() -> Argon2<'static> {
    let params = Params::new(MEMORY_KIB, PASSES, LANES, None).expect("OWASP's argon2id parameters are valid");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

pub(super) fn check_password(password: &str) -> Result<(), ServiceError> {
    if !PASSWORD_CHARS.contains(&password.chars().count()) {
        return Err(ServiceError::InvalidPassword);
    }
    Ok(())
}

fn hash_now(password: &str) -> Result<String, ServiceError> {
    // rand's thread generator is a CSPRNG seeded from the operating system's.
    let salt = SaltString::encode_b64(&rand::random::<[u8; SALT_BYTES]>())
        .map_err(|error| ServiceError::PasswordHashing(error.to_string()))?;
    argon2()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|error| ServiceError::PasswordHashing(error.to_string()))
}

/// Whether `password` is the one `stored` was made from; a stored string that is no PHC hash matches nothing.
fn verify_now(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|hash| argon2().verify_password(password.as_bytes(), &hash).is_ok())
}

/// The PHC string of `password`, with a new random salt.
pub(super) async fn hash(password: String) -> Result<String, ServiceError> {
    tokio::task::spawn_blocking(move || hash_now(&password))
        .await
        .map_err(|error| ServiceError::PasswordHashing(error.to_string()))?
}

/// Whether `password` matches `stored`; without a stored hash (an unknown name, an account without a password) it is
/// checked against a dummy hash and never matches, at the same cost.
pub(super) async fn verify(password: String, stored: Option<String>) -> Result<bool, ServiceError> {
    tokio::task::spawn_blocking(move || match stored {
        Some(stored) => verify_now(&password, &stored),
        None => {
            verify_now(&password, &DUMMY_HASH);
            false
        }
    })
    .await
    .map_err(|error| ServiceError::PasswordHashing(error.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_is_kept_as_an_argon2id_hash_that_only_it_matches() {
        let hash = hash_now("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
        assert!(!hash.contains("correct horse"));
        assert!(verify_now("correct horse", &hash));
        assert!(!verify_now("correct horsE", &hash));
        assert_ne!(hash_now("correct horse").unwrap(), hash, "a salt of its own");
        assert!(!verify_now("correct horse", "not a hash"));
        assert!(!verify_now("correct horse", &DUMMY_HASH));
    }

    #[test]
    fn passwords_have_8_to_128_characters() {
        for good in ["12345678", &"é".repeat(128)] {
            assert!(check_password(good).is_ok());
        }
        for bad in ["1234567", &"x".repeat(129), ""] {
            assert!(check_password(bad).is_err());
        }
    }
}
