//! Passkeys: the WebAuthn ceremonies' answers checked as the relying party (W3C Web Authentication, level 3, §7.1
//! and §7.2), with no I/O. Attestation is neither asked for nor checked (`"none"`): a passkey is trusted because the
//! signed-in person who registers it holds it, not because of its maker. Keys: ES256, EdDSA (Ed25519) and RS256.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use ciborium::Value;
use serde::Deserialize;
use sha2::{Digest, Sha256};

/// COSE algorithms accepted, in the order the registration offers them.
pub const ALGORITHMS: [i64; 3] = [ES256, EDDSA, RS256];
const ES256: i64 = -7;
const EDDSA: i64 = -8;
const RS256: i64 = -257;

/// The longest credential id the specification allows (bytes).
const CREDENTIAL_ID_MAX: usize = 1023;

/// Authenticator data flags (§6.1).
const USER_PRESENT: u8 = 0x01;
const ATTESTED_CREDENTIAL: u8 = 0x40;

/// Why an answer of the browser is refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum WebAuthnError {
    #[error("the passkey's answer is malformed: {0}")]
    Malformed(&'static str),
    #[error("the answer is for a {0} ceremony, not this one")]
    WrongCeremony(String),
    #[error("the answer was made on {0}, not on this service's pages")]
    WrongOrigin(String),
    #[error("the answer is for another site (relying party)")]
    WrongRelyingParty,
    #[error("the authenticator did not check that a person is present")]
    NoUserPresence,
    #[error("the passkey's algorithm {0} is not supported (ES256, EdDSA and RS256 are)")]
    UnsupportedAlgorithm(i64),
    #[error("the signature does not verify")]
    BadSignature,
}

/// Where the ceremony takes place: the origin of the service's pages and the relying party id (their host name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RelyingParty {
    pub origin: String,
    pub id: String,
}

impl RelyingParty {
    /// The relying party of pages served at `scheme://host` (`host` may carry a port, which the id drops).
    pub fn of(scheme: &str, host: &str) -> Self {
        let name = match host.strip_prefix('[') {
            Some(bracketed) => bracketed.split(']').next().unwrap_or_default(),
            None => host.rsplit_once(':').map_or(host, |(name, _)| name),
        };
        Self {
            origin: format!("{scheme}://{host}").to_lowercase(),
            id: name.to_lowercase(),
        }
    }
}

/// The two ceremonies, as `clientDataJSON.type` names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ceremony {
    Create,
    Get,
}

impl Ceremony {
    fn client_type(self) -> &'static str {
        match self {
            Ceremony::Create => "webauthn.create",
            Ceremony::Get => "webauthn.get",
        }
    }
}

#[derive(Deserialize)]
struct ClientData {
    #[serde(rename = "type")]
    kind: String,
    challenge: String,
    origin: String,
    #[serde(default, rename = "crossOrigin")]
    cross_origin: bool,
}

/// `clientDataJSON` checked for `ceremony` at `party`: the challenge it answers (base64url, as the service issued it).
pub fn client_challenge(
    client_data_json: &[u8],
    ceremony: Ceremony,
    party: &RelyingParty,
) -> Result<String, WebAuthnError> {
    let data: ClientData =
        serde_json::from_slice(client_data_json).map_err(|_| WebAuthnError::Malformed("clientDataJSON"))?;
    if data.kind != ceremony.client_type() {
        return Err(WebAuthnError::WrongCeremony(data.kind));
    }
    if data.cross_origin || !data.origin.eq_ignore_ascii_case(&party.origin) {
        return Err(WebAuthnError::WrongOrigin(data.origin));
    }
    Ok(data.challenge)
}

/// Decodes a base64url field of the browser's JSON (`PublicKeyCredential.toJSON()`).
pub fn base64url(field: &'static str, text: &str) -> Result<Vec<u8>, WebAuthnError> {
    URL_SAFE_NO_PAD
        .decode(text.trim_end_matches('='))
        .map_err(|_| WebAuthnError::Malformed(field))
}

pub fn to_base64url(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Authenticator data (§6.1), checked for `party`: a person was present.
struct AuthenticatorData<'a> {
    flags: u8,
    sign_count: u32,
    /// The attested credential data and extensions that follow the fixed part.
    rest: &'a [u8],
}

impl<'a> AuthenticatorData<'a> {
    fn parse(bytes: &'a [u8], party: &RelyingParty) -> Result<Self, WebAuthnError> {
        if bytes.len() < 37 {
            return Err(WebAuthnError::Malformed("authenticatorData"));
        }
        if bytes[..32] != Sha256::digest(party.id.as_bytes())[..] {
            return Err(WebAuthnError::WrongRelyingParty);
        }
        let flags = bytes[32];
        if flags & USER_PRESENT == 0 {
            return Err(WebAuthnError::NoUserPresence);
        }
        Ok(Self {
            flags,
            sign_count: u32::from_be_bytes([bytes[33], bytes[34], bytes[35], bytes[36]]),
            rest: &bytes[37..],
        })
    }
}

/// A passkey as a registration made it: its credential id, its public key (COSE), and its signature counter.
#[derive(Debug, PartialEq, Eq)]
pub struct NewCredential {
    pub id: Vec<u8>,
    pub public_key: Vec<u8>,
    pub sign_count: u32,
}

/// The credential an `attestationObject` registers at `party` (its client data checked by `client_challenge`).
pub fn registered_credential(attestation_object: &[u8], party: &RelyingParty) -> Result<NewCredential, WebAuthnError> {
    let malformed = || WebAuthnError::Malformed("attestationObject");
    let object: Value = ciborium::from_reader(attestation_object).map_err(|_| malformed())?;
    let auth_data = map_entry(&object, &Value::Text("authData".into()))
        .and_then(Value::as_bytes)
        .ok_or_else(malformed)?;
    let data = AuthenticatorData::parse(auth_data, party)?;
    if data.flags & ATTESTED_CREDENTIAL == 0 || data.rest.len() < 18 {
        return Err(WebAuthnError::Malformed("authenticatorData has no attested credential"));
    }
    // AAGUID (16 bytes), then the credential id's length and the id.
    let length = usize::from(u16::from_be_bytes([data.rest[16], data.rest[17]]));
    let after_id = 18 + length;
    if length == 0 || length > CREDENTIAL_ID_MAX || data.rest.len() <= after_id {
        return Err(WebAuthnError::Malformed("the credential id"));
    }
    let mut key_bytes = &data.rest[after_id..];
    let key: Value = ciborium::from_reader(&mut key_bytes).map_err(|_| WebAuthnError::Malformed("the public key"))?;
    PublicKey::from_cose(&key)?;
    let mut public_key = Vec::new();
    ciborium::into_writer(&key, &mut public_key).map_err(|_| WebAuthnError::Malformed("the public key"))?;
    Ok(NewCredential {
        id: data.rest[18..after_id].to_vec(),
        public_key,
        sign_count: data.sign_count,
    })
}

/// Checks a sign-in's answer made with the passkey `public_key` (COSE, as registered) at `party`: the authenticator's
/// signature over its data and the client data's hash. Returns the authenticator's signature counter.
pub fn verify_assertion(
    public_key: &[u8],
    authenticator_data: &[u8],
    client_data_json: &[u8],
    signature: &[u8],
    party: &RelyingParty,
) -> Result<u32, WebAuthnError> {
    let data = AuthenticatorData::parse(authenticator_data, party)?;
    let key: Value =
        ciborium::from_reader(public_key).map_err(|_| WebAuthnError::Malformed("the stored public key"))?;
    let mut signed = authenticator_data.to_vec();
    signed.extend_from_slice(&Sha256::digest(client_data_json));
    PublicKey::from_cose(&key)?.verify(&signed, signature)?;
    Ok(data.sign_count)
}

/// Whether a sign-in counting `presented` may follow one that counted `stored`: authenticators that keep a counter
/// (§6.1.1) count up, and one seen counting back is a clone; a synced passkey counts nothing (0 both times).
pub fn counter_moves_on(stored: u32, presented: u32) -> bool {
    presented > stored || (presented == 0 && stored == 0)
}

fn map_entry<'a>(map: &'a Value, key: &Value) -> Option<&'a Value> {
    map.as_map()?
        .iter()
        .find_map(|(entry, value)| (entry == key).then_some(value))
}

enum PublicKey {
    Es256 { point: Vec<u8> },
    Ed25519 { key: Vec<u8> },
    Rs256 { n: Vec<u8>, e: Vec<u8> },
}

impl PublicKey {
    /// A COSE_Key (RFC 9053): `1` the key type, `3` the algorithm, negative labels its parameters.
    fn from_cose(key: &Value) -> Result<Self, WebAuthnError> {
        let malformed = || WebAuthnError::Malformed("the public key");
        let label = |label: i64| map_entry(key, &Value::Integer(label.into()));
        let integer = |label_value: i64| -> Result<i64, WebAuthnError> {
            let value = label(label_value).and_then(Value::as_integer).ok_or_else(malformed)?;
            i64::try_from(value).map_err(|_| malformed())
        };
        let bytes = |label_value: i64| -> Result<Vec<u8>, WebAuthnError> {
            label(label_value)
                .and_then(Value::as_bytes)
                .cloned()
                .ok_or_else(malformed)
        };
        let (kind, algorithm) = (integer(1)?, integer(3)?);
        match (kind, algorithm) {
            // EC2 on P-256 (crv 1): the point uncompressed.
            (2, ES256) if integer(-1)? == 1 => {
                let (x, y) = (bytes(-2)?, bytes(-3)?);
                if x.len() != 32 || y.len() != 32 {
                    return Err(malformed());
                }
                Ok(Self::Es256 {
                    point: [&[4u8][..], &x, &y].concat(),
                })
            }
            // OKP on Ed25519 (crv 6).
            (1, EDDSA) if integer(-1)? == 6 => Ok(Self::Ed25519 { key: bytes(-2)? }),
            (3, RS256) => Ok(Self::Rs256 {
                n: bytes(-1)?,
                e: bytes(-2)?,
            }),
            (_, algorithm) => Err(WebAuthnError::UnsupportedAlgorithm(algorithm)),
        }
    }

    fn verify(&self, message: &[u8], signature: &[u8]) -> Result<(), WebAuthnError> {
        use ring::signature::{
            ECDSA_P256_SHA256_ASN1, ED25519, RSA_PKCS1_2048_8192_SHA256, RsaPublicKeyComponents, UnparsedPublicKey,
        };
        let verified = match self {
            Self::Es256 { point } => UnparsedPublicKey::new(&ECDSA_P256_SHA256_ASN1, point).verify(message, signature),
            Self::Ed25519 { key } => UnparsedPublicKey::new(&ED25519, key).verify(message, signature),
            Self::Rs256 { n, e } => {
                RsaPublicKeyComponents { n, e }.verify(&RSA_PKCS1_2048_8192_SHA256, message, signature)
            }
        };
        verified.map_err(|_| WebAuthnError::BadSignature)
    }
}

/// A software authenticator (ES256), for tests and load generators: what a browser's would answer.
pub mod authenticator {

    use super::*;
    use ring::rand::SystemRandom;
    use ring::signature::{ECDSA_P256_SHA256_ASN1_SIGNING, EcdsaKeyPair, KeyPair};

    pub struct SoftAuthenticator {
        pub credential_id: Vec<u8>,
        key: EcdsaKeyPair,
        pub counter: u32,
    }

    impl SoftAuthenticator {
        pub fn new(counter: u32) -> Self {
            let random = SystemRandom::new();
            let pkcs8 = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_ASN1_SIGNING, &random)
                .expect("the system's random source makes a key");
            let key = EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_ASN1_SIGNING, pkcs8.as_ref(), &random)
                .expect("a key just made reads back");
            Self {
                credential_id: rand::random::<[u8; 16]>().to_vec(),
                key,
                counter,
            }
        }

        pub fn client_data(kind: &str, challenge: &str, origin: &str) -> Vec<u8> {
            serde_json::to_vec(&serde_json::json!({"type": kind, "challenge": challenge, "origin": origin}))
                .expect("JSON of strings writes")
        }

        fn auth_data(&self, rp_id: &str, flags: u8) -> Vec<u8> {
            let mut data = Sha256::digest(rp_id.as_bytes()).to_vec();
            data.push(flags);
            data.extend_from_slice(&self.counter.to_be_bytes());
            data
        }

        pub fn attestation_object(&self, rp_id: &str) -> Vec<u8> {
            let mut data = self.auth_data(rp_id, USER_PRESENT | ATTESTED_CREDENTIAL);
            data.extend_from_slice(&[0; 16]);
            data.extend_from_slice(&(self.credential_id.len() as u16).to_be_bytes());
            data.extend_from_slice(&self.credential_id);
            let point = self.key.public_key().as_ref();
            let cose = Value::Map(vec![
                (Value::Integer(1.into()), Value::Integer(2.into())),
                (Value::Integer(3.into()), Value::Integer(ES256.into())),
                (Value::Integer((-1).into()), Value::Integer(1.into())),
                (Value::Integer((-2).into()), Value::Bytes(point[1..33].to_vec())),
                (Value::Integer((-3).into()), Value::Bytes(point[33..].to_vec())),
            ]);
            ciborium::into_writer(&cose, &mut data).expect("CBOR writes to a Vec");
            let object = Value::Map(vec![
                (Value::Text("fmt".into()), Value::Text("none".into())),
                (Value::Text("attStmt".into()), Value::Map(vec![])),
                (Value::Text("authData".into()), Value::Bytes(data)),
            ]);
            let mut bytes = Vec::new();
            ciborium::into_writer(&object, &mut bytes).expect("CBOR writes to a Vec");
            bytes
        }

        /// Authenticator data and signature for a sign-in answering `client_data`.
        pub fn assert(&mut self, rp_id: &str, client_data: &[u8]) -> (Vec<u8>, Vec<u8>) {
            self.counter += 1;
            let data = self.auth_data(rp_id, USER_PRESENT);
            let mut signed = data.clone();
            signed.extend_from_slice(&Sha256::digest(client_data));
            let signature = self
                .key
                .sign(&SystemRandom::new(), &signed)
                .expect("the system's random source signs");
            (data, signature.as_ref().to_vec())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::authenticator::SoftAuthenticator;
    use super::*;

    fn party() -> RelyingParty {
        RelyingParty::of("http", "localhost:8080")
    }

    #[test]
    fn the_relying_party_is_the_host_without_its_port() {
        assert_eq!(party().id, "localhost");
        assert_eq!(party().origin, "http://localhost:8080");
        assert_eq!(RelyingParty::of("https", "Play.Example.org").id, "play.example.org");
        assert_eq!(RelyingParty::of("http", "[::1]:80").id, "::1");
    }

    #[test]
    fn a_registration_then_a_sign_in_verify_and_a_forged_one_does_not() {
        let mut authenticator = SoftAuthenticator::new(0);
        let credential = registered_credential(&authenticator.attestation_object("localhost"), &party()).unwrap();
        assert_eq!(credential.id, authenticator.credential_id);
        assert_eq!(credential.sign_count, 0);
        let client = SoftAuthenticator::client_data("webauthn.get", "abc", "http://localhost:8080");
        assert_eq!(client_challenge(&client, Ceremony::Get, &party()).unwrap(), "abc");
        let (data, signature) = authenticator.assert("localhost", &client);
        assert_eq!(verify_assertion(&credential.public_key, &data, &client, &signature, &party()), Ok(1));

        let other = SoftAuthenticator::client_data("webauthn.get", "abd", "http://localhost:8080");
        let refused = verify_assertion(&credential.public_key, &data, &other, &signature, &party());
        assert_eq!(refused, Err(WebAuthnError::BadSignature), "signed for another challenge");
        let (data, forged) = SoftAuthenticator::new(0).assert("localhost", &client);
        assert_eq!(
            verify_assertion(&credential.public_key, &data, &client, &forged, &party()),
            Err(WebAuthnError::BadSignature),
            "signed by another key"
        );
    }

    #[test]
    fn answers_for_another_site_ceremony_or_origin_are_refused() {
        let mut authenticator = SoftAuthenticator::new(0);
        let refused = registered_credential(&authenticator.attestation_object("evil.example"), &party());
        assert_eq!(refused, Err(WebAuthnError::WrongRelyingParty));
        let create = SoftAuthenticator::client_data("webauthn.create", "abc", "http://localhost:8080");
        assert_eq!(
            client_challenge(&create, Ceremony::Get, &party()),
            Err(WebAuthnError::WrongCeremony("webauthn.create".into()))
        );
        let elsewhere = SoftAuthenticator::client_data("webauthn.get", "abc", "http://localhost:9090");
        assert!(matches!(client_challenge(&elsewhere, Ceremony::Get, &party()), Err(WebAuthnError::WrongOrigin(_))));
        let credential = registered_credential(&authenticator.attestation_object("localhost"), &party()).unwrap();
        let client = SoftAuthenticator::client_data("webauthn.get", "abc", "http://localhost:8080");
        let (mut data, signature) = authenticator.assert("localhost", &client);
        data[32] &= !USER_PRESENT;
        assert_eq!(
            verify_assertion(&credential.public_key, &data, &client, &signature, &party()),
            Err(WebAuthnError::NoUserPresence)
        );
        assert_eq!(registered_credential(b"\xa0", &party()), Err(WebAuthnError::Malformed("attestationObject")));
    }

    #[test]
    fn a_counter_must_go_up_unless_the_passkey_counts_nothing() {
        assert!(counter_moves_on(0, 0));
        assert!(counter_moves_on(3, 4));
        assert!(!counter_moves_on(4, 4));
        assert!(!counter_moves_on(4, 0));
        assert!(counter_moves_on(0, 7));
    }
}
