//! The connection to the SMTP relay, kept open from one mail to the next.
//!
//! lettre's own transport opens its TCP connections without TCP_NODELAY and
//! writes a message's end (`\r\n.\r\n`) apart from its body, so each mail's
//! end waited for the relay's delayed ACK of the body (about 40 ms): the
//! mailer could not send more than about twenty mails a second, and a
//! backlog of notices took minutes to drain. Here the socket is opened with
//! TCP_NODELAY and handed to lettre's SMTP client, which does the talking
//! (EHLO, STARTTLS, AUTH, the message).
//!
//! `SMTP_URL` is read as lettre read it: `smtp://host[:port]` (no TLS, port
//! 25), `smtp://…?tls=required` (STARTTLS or fail, port 587),
//! `smtp://…?tls=opportunistic` (STARTTLS where offered, port 587),
//! `smtps://host[:port]` (TLS from the first byte, port 465); a user and
//! password in the URL are the relay's credentials, a path is the name the
//! mailer greets with.

use std::{
    io,
    net::SocketAddr,
    pin::Pin,
    sync::Arc,
    task::{Context, Poll},
    time::{Duration, Instant},
};

use lettre::{
    Message,
    transport::smtp::{
        authentication::{Credentials, Mechanism},
        client::{AsyncSmtpConnection, AsyncTokioStream, TlsParameters},
        extension::ClientId,
    },
};
use tokio::{
    io::{AsyncRead, AsyncWrite, ReadBuf},
    net::TcpStream,
    sync::Mutex,
};
use tokio_rustls::{
    TlsConnector,
    rustls::{self, pki_types::ServerName},
};

/// How long one mail may take, connecting included.
const SEND_TIMEOUT: Duration = Duration::from_secs(20);
/// A connection idle longer than this is checked (NOOP) before it is used:
/// relays close idle connections, and a mail sent on a closed one would wait
/// for its retry.
const CHECK_AFTER_IDLE: Duration = Duration::from_secs(5);

/// Why `SMTP_URL` could not be used. None of these names the URL: it may hold
/// the relay's password.
#[derive(Debug, thiserror::Error)]
pub enum UrlError {
    #[error("SMTP_URL is not a URL")]
    NotAUrl,
    #[error("SMTP_URL names no host")]
    NoHost,
    #[error("SMTP_URL must start smtp:// or smtps://, with tls= none, required or opportunistic")]
    Scheme,
    #[error("SMTP_URL's TLS settings are unusable: {0}")]
    Tls(String),
}

/// Why a mail was not handed over.
#[derive(Debug, thiserror::Error)]
pub enum SendError {
    #[error("relay unreachable: {0}")]
    Connect(std::io::Error),
    #[error("TLS with the relay failed: {0}")]
    Tls(std::io::Error),
    #[error("{0}")]
    Smtp(#[from] lettre::transport::smtp::Error),
    #[error("the relay took longer than {} s", SEND_TIMEOUT.as_secs())]
    Timeout,
}

#[derive(Clone)]
enum Security {
    None,
    StartTls {
        required: bool,
        params: TlsParameters,
    },
    /// TLS from the first byte (`smtps`), for `host`.
    Implicit {
        host: ServerName<'static>,
        connector: TlsConnector,
    },
}

struct Open {
    conn: AsyncSmtpConnection,
    last_used: Instant,
}

/// The relay, and the one connection to it the mailer sends through.
#[derive(Clone)]
pub struct Relay {
    host: String,
    port: u16,
    security: Security,
    hello: ClientId,
    credentials: Option<Credentials>,
    open: Arc<Mutex<Option<Open>>>,
}

impl Relay {
    pub fn from_url(url: &str) -> Result<Self, UrlError> {
        let url = url::Url::parse(url).map_err(|_| UrlError::NotAUrl)?;
        let host = url.host_str().ok_or(UrlError::NoHost)?.to_owned();
        let tls_param = url
            .query_pairs()
            .find(|(key, _)| key == "tls")
            .map(|(_, value)| value.into_owned());
        let starttls = |required| {
            TlsParameters::new(host.clone())
                .map(|params| Security::StartTls { required, params })
                .map_err(|e| UrlError::Tls(e.to_string()))
        };
        let (security, default_port) = match (url.scheme(), tls_param.as_deref()) {
            ("smtp", None | Some("none")) => (Security::None, 25),
            ("smtp", Some("required")) => (starttls(true)?, 587),
            ("smtp", Some("opportunistic")) => (starttls(false)?, 587),
            ("smtps", None) => {
                let host =
                    ServerName::try_from(host.clone()).map_err(|e| UrlError::Tls(e.to_string()))?;
                let connector = TlsConnector::from(Arc::new(tls_config()));
                (Security::Implicit { host, connector }, 465)
            }
            _ => return Err(UrlError::Scheme),
        };
        let name = url.path().trim_matches('/');
        let hello = if name.is_empty() {
            ClientId::default()
        } else {
            ClientId::Domain(name.to_owned())
        };
        let decode = |s: &str| {
            percent_encoding::percent_decode_str(s)
                .decode_utf8_lossy()
                .into_owned()
        };
        let credentials = url
            .password()
            .map(|password| Credentials::new(decode(url.username()), decode(password)));
        Ok(Self {
            port: url.port().unwrap_or(default_port),
            host,
            security,
            hello,
            credentials,
            open: Arc::default(),
        })
    }

    /// Hands one message over: `Ok` once the relay has accepted it. A
    /// connection that failed in any way is closed, and the next mail opens
    /// a new one.
    pub async fn send(&self, message: &Message) -> Result<(), SendError> {
        let (envelope, message) = (message.envelope(), message.formatted());
        let mut open = self.open.lock().await;
        let sent = tokio::time::timeout(SEND_TIMEOUT, async {
            let conn = self.usable(&mut open).await?;
            conn.send(envelope, &message).await?;
            Ok(())
        })
        .await
        .unwrap_or(Err(SendError::Timeout));
        match &sent {
            Ok(()) => {
                if let Some(open) = open.as_mut() {
                    open.last_used = Instant::now();
                }
            }
            Err(_) => {
                if let Some(mut broken) = open.take() {
                    broken.conn.abort().await;
                }
            }
        }
        sent
    }

    /// The open connection, checked if it has been idle, or a new one.
    async fn usable<'a>(
        &self,
        open: &'a mut Option<Open>,
    ) -> Result<&'a mut AsyncSmtpConnection, SendError> {
        if let Some(current) = open.as_mut()
            && current.last_used.elapsed() > CHECK_AFTER_IDLE
            && !current.conn.test_connected().await
        {
            *open = None;
        }
        if open.is_none() {
            *open = Some(Open {
                conn: self.connect().await?,
                last_used: Instant::now(),
            });
        }
        Ok(&mut open.as_mut().expect("opened above").conn)
    }

    async fn connect(&self) -> Result<AsyncSmtpConnection, SendError> {
        let tcp = TcpStream::connect((self.host.as_str(), self.port))
            .await
            .map_err(SendError::Connect)?;
        // Why this module exists: see its documentation.
        tcp.set_nodelay(true).map_err(SendError::Connect)?;
        let mut conn = match &self.security {
            Security::Implicit { host, connector } => {
                let tls = connector
                    .connect(host.clone(), tcp)
                    .await
                    .map_err(SendError::Tls)?;
                AsyncSmtpConnection::connect_with_transport(Box::new(Wrapped(tls)), &self.hello)
                    .await?
            }
            Security::None | Security::StartTls { .. } => {
                AsyncSmtpConnection::connect_with_transport(Box::new(tcp), &self.hello).await?
            }
        };
        if let Security::StartTls { required, params } = &self.security
            && (*required || conn.can_starttls())
        {
            conn.starttls(params.clone(), &self.hello).await?;
        }
        if let Some(credentials) = &self.credentials {
            conn.auth(&[Mechanism::Plain, Mechanism::Login], credentials)
                .await?;
        }
        Ok(conn)
    }
}

/// An `smtps` relay's TLS stream, in the shape lettre's client takes.
#[derive(Debug)]
struct Wrapped(tokio_rustls::client::TlsStream<TcpStream>);

impl AsyncTokioStream for Wrapped {
    fn peer_addr(&self) -> io::Result<SocketAddr> {
        self.0.get_ref().0.peer_addr()
    }
}

impl AsyncRead for Wrapped {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_read(cx, buf)
    }
}

impl AsyncWrite for Wrapped {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.0).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_shutdown(cx)
    }
}

/// TLS as lettre sets it up for `smtps`: TLS 1.2 or 1.3, the web's roots.
fn tls_config() -> rustls::ClientConfig {
    let roots = rustls::RootCertStore {
        roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
    };
    rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .expect("ring supports TLS 1.2 and 1.3")
        .with_root_certificates(roots)
        .with_no_client_auth()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_read_as_before() {
        let plain = Relay::from_url("smtp://127.0.0.1:2525").unwrap();
        assert_eq!((plain.host.as_str(), plain.port), ("127.0.0.1", 2525));
        assert!(matches!(plain.security, Security::None));
        assert!(plain.credentials.is_none());

        let submission =
            Relay::from_url("smtp://mailer:p%40ss@relay.example/chorely.example?tls=required")
                .unwrap();
        assert_eq!(submission.port, 587);
        assert!(matches!(
            submission.security,
            Security::StartTls { required: true, .. }
        ));
        assert_eq!(
            submission.credentials,
            Some(Credentials::new("mailer".into(), "p@ss".into()))
        );
        assert_eq!(submission.hello, ClientId::Domain("chorely.example".into()));

        let opportunistic = Relay::from_url("smtp://relay.example?tls=opportunistic").unwrap();
        assert!(matches!(
            opportunistic.security,
            Security::StartTls {
                required: false,
                ..
            }
        ));

        let wrapped = Relay::from_url("smtps://relay.example").unwrap();
        assert_eq!(wrapped.port, 465);
        assert!(matches!(wrapped.security, Security::Implicit { .. }));
    }

    #[test]
    fn a_bad_url_is_refused_without_repeating_it() {
        for (url, expected) in [
            ("not a url", "SMTP_URL is not a URL"),
            ("http://user:secret@relay.example", "SMTP_URL must start"),
            (
                "smtp://user:secret@relay.example?tls=maybe",
                "SMTP_URL must start",
            ),
            ("smtps://relay.example?tls=required", "SMTP_URL must start"),
        ] {
            let err = Relay::from_url(url).err().unwrap().to_string();
            assert!(err.starts_with(expected), "{url}: {err}");
            assert!(!err.contains("secret"), "{err}");
        }
    }
}
