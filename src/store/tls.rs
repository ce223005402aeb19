//! What `rediss://` connections trust and present. The PEM files are checked when the settings are read, so that a
//! wrong file stops the service at start instead of leaving a store that can never connect.

use rustls::RootCertStore;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::sign::CertifiedKey;

/// Extra trust and identity for `rediss://` URLs. The server's certificate is always verified: against `ca` when
/// given, else against the system's roots.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct RedisTls {
    /// PEM certificates of the CAs to trust instead of the system's roots.
    ca: Option<Vec<u8>>,
    /// PEM certificate chain and private key presented to the server (mutual TLS).
    client: Option<(Vec<u8>, Vec<u8>)>,
}

/// Which file is wrong, and why.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum TlsFileError {
    #[error("{0}")]
    Ca(String),
    #[error("{0}")]
    ClientCertificate(String),
    #[error("{0}")]
    ClientKey(String),
}

impl std::fmt::Debug for RedisTls {
    // Never the private key: settings may end up in logs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RedisTls")
            .field("ca", &self.ca.is_some())
            .field("client_identity", &self.client.is_some())
            .finish()
    }
}

fn certificates(pem: &[u8]) -> Result<Vec<CertificateDer<'static>>, String> {
    let certificates = CertificateDer::pem_slice_iter(pem)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("not a PEM certificate file ({e})"))?;
    if certificates.is_empty() {
        return Err("no PEM certificate (-----BEGIN CERTIFICATE-----) in the file".into());
    }
    Ok(certificates)
}

impl RedisTls {
    /// Checks the PEM contents: `ca` must hold CA certificates; `client` a certificate chain and the private key of
    /// its first certificate.
    pub fn from_pem(ca: Option<Vec<u8>>, client: Option<(Vec<u8>, Vec<u8>)>) -> Result<Self, TlsFileError> {
        if let Some(ca) = &ca {
            let mut roots = RootCertStore::empty();
            for certificate in certificates(ca).map_err(TlsFileError::Ca)? {
                roots
                    .add(certificate)
                    .map_err(|e| TlsFileError::Ca(format!("not a usable CA certificate ({e})")))?;
            }
        }
        if let Some((chain, key)) = &client {
            let chain = certificates(chain).map_err(TlsFileError::ClientCertificate)?;
            let key = PrivateKeyDer::from_pem_slice(key)
                .map_err(|e| TlsFileError::ClientKey(format!("no PEM private key in the file ({e})")))?;
            CertifiedKey::from_der(chain, key, &rustls::crypto::ring::default_provider()).map_err(|e| {
                TlsFileError::ClientKey(format!("not the usable private key of the client certificate ({e})"))
            })?;
        }
        Ok(Self { ca, client })
    }

    pub fn is_configured(&self) -> bool {
        self.ca.is_some() || self.client.is_some()
    }

    /// What the redis client takes; `None` when nothing is configured (the system's roots, no client identity).
    pub(super) fn certificates(&self) -> Option<redis::TlsCertificates> {
        self.is_configured().then(|| redis::TlsCertificates {
            client_tls: self
                .client
                .clone()
                .map(|(client_cert, client_key)| redis::ClientTlsConfig {
                    client_cert,
                    client_key,
                }),
            root_cert: self.ca.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rcgen::{CertificateParams, KeyPair};

    /// A self-signed certificate and its key, as PEM.
    fn identity() -> (Vec<u8>, Vec<u8>) {
        let key = KeyPair::generate().unwrap();
        let certificate = CertificateParams::new(vec!["localhost".to_owned()])
            .unwrap()
            .self_signed(&key)
            .unwrap();
        (certificate.pem().into_bytes(), key.serialize_pem().into_bytes())
    }

    #[test]
    fn a_ca_file_must_hold_a_certificate() {
        let (certificate, key) = identity();
        assert!(RedisTls::from_pem(Some(certificate), None).unwrap().is_configured());
        for wrong in [Vec::new(), b"hello".to_vec(), key] {
            assert!(matches!(RedisTls::from_pem(Some(wrong), None), Err(TlsFileError::Ca(_))));
        }
        let truncated = b"-----BEGIN CERTIFICATE-----\nAAAA\n".to_vec();
        assert!(matches!(RedisTls::from_pem(Some(truncated), None), Err(TlsFileError::Ca(_))));
    }

    #[test]
    fn a_client_key_must_be_its_certificates() {
        let (certificate, key) = identity();
        let (_, other_key) = identity();
        assert!(RedisTls::from_pem(None, Some((certificate.clone(), key.clone()))).is_ok());
        assert!(matches!(
            RedisTls::from_pem(None, Some((certificate.clone(), other_key))),
            Err(TlsFileError::ClientKey(_))
        ));
        assert!(matches!(
            RedisTls::from_pem(None, Some((certificate.clone(), certificate))),
            Err(TlsFileError::ClientKey(_))
        ));
        assert!(matches!(
            RedisTls::from_pem(None, Some((key.clone(), key))),
            Err(TlsFileError::ClientCertificate(_))
        ));
    }

    #[test]
    fn nothing_configured_means_the_system_roots_and_no_secret_in_debug() {
        assert!(RedisTls::default().certificates().is_none());
        let (certificate, key) = identity();
        let tls = RedisTls::from_pem(None, Some((certificate, key.clone()))).unwrap();
        let certificates = tls.certificates().expect("a client identity");
        assert!(certificates.root_cert.is_none(), "the system's roots stay trusted");
        assert_eq!(format!("{tls:?}"), "RedisTls { ca: false, client_identity: true }");
        assert!(certificates.client_tls.is_some_and(|client| client.client_key == key));
    }
}
