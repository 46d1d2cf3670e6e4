//! A TCP proxy a test puts in front of a gRPC server to hold the server's
//! answers. While held, calls reach the server but their replies wait in the
//! gate, so the caller's handlers are provably in the middle of those calls:
//! the moment a shutdown test needs.
//!
//! The gate counts the requests that have gone through by their HTTP/2
//! HEADERS frames (gRPC clients send one per call), so a test can wait for
//! exactly the calls it started instead of sleeping.

use std::{net::SocketAddr, sync::Arc};

use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::{TcpListener, TcpStream, tcp::OwnedReadHalf, tcp::OwnedWriteHalf},
    sync::watch,
};

/// Bytes every HTTP/2 connection opens with (the client's preface).
const PREFACE_LEN: usize = 24;
const FRAME_HEADER_LEN: usize = 9;
const HEADERS_FRAME: u8 = 0x1;

pub struct Gate {
    addr: SocketAddr,
    held: watch::Sender<bool>,
    requests: watch::Sender<usize>,
}

impl Gate {
    /// Opens a gate in front of `upstream` (`http://host:port`), letting everything through.
    pub async fn open(upstream: &str) -> Arc<Self> {
        let upstream = upstream
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_owned();
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let gate = Arc::new(Self {
            addr: listener.local_addr().unwrap(),
            held: watch::Sender::new(false),
            requests: watch::Sender::new(0),
        });
        let accepting = gate.clone();
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let Ok(server) = TcpStream::connect(&upstream).await else {
                    continue; // The client sees its connection closed, as with no server.
                };
                let (client_read, client_write) = client.into_split();
                let (server_read, server_write) = server.into_split();
                tokio::spawn(requests(
                    client_read,
                    server_write,
                    accepting.requests.clone(),
                ));
                tokio::spawn(replies(
                    server_read,
                    client_write,
                    accepting.held.subscribe(),
                ));
            }
        });
        gate
    }

    /// The address to give the caller instead of the server's.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Holds the server's replies from now on.
    pub fn hold(&self) {
        self.held.send_replace(true);
    }

    /// Lets the held replies, and all that follow, through.
    pub fn release(&self) {
        self.held.send_replace(false);
    }

    /// Requests that have gone through so far.
    pub fn requests(&self) -> usize {
        *self.requests.borrow()
    }

    /// Returns once `count` requests in all have gone through.
    pub async fn wait_for_requests(&self, count: usize) {
        let mut seen = self.requests.subscribe();
        seen.wait_for(|n| *n >= count).await.unwrap();
    }
}

/// Client to server: forwards every byte and counts HEADERS frames.
async fn requests(mut from: OwnedReadHalf, mut to: OwnedWriteHalf, count: watch::Sender<usize>) {
    let mut frames = FrameCounter::default();
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        let n = match from.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        if to.write_all(&buf[..n]).await.is_err() {
            break;
        }
        let headers = frames.feed(&buf[..n]);
        if headers > 0 {
            count.send_modify(|c| *c += headers);
        }
    }
    let _ = to.shutdown().await;
}

/// Server to client: forwards bytes, waiting while the gate holds.
async fn replies(mut from: OwnedReadHalf, mut to: OwnedWriteHalf, mut held: watch::Receiver<bool>) {
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        let n = match from.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        if held.wait_for(|held| !*held).await.is_err() || to.write_all(&buf[..n]).await.is_err() {
            break;
        }
    }
    let _ = held.wait_for(|held| !*held).await;
    let _ = to.shutdown().await;
}

/// Follows an HTTP/2 client's byte stream frame by frame.
#[derive(Default)]
struct FrameCounter {
    /// Preface bytes still to skip.
    preface_seen: usize,
    /// The frame header being read.
    header: Vec<u8>,
    /// Payload bytes of the current frame still to skip.
    payload_left: usize,
}

impl FrameCounter {
    /// Reads `bytes` and returns how many HEADERS frames began in them.
    fn feed(&mut self, mut bytes: &[u8]) -> usize {
        let mut headers = 0;
        while !bytes.is_empty() {
            if self.preface_seen < PREFACE_LEN {
                let take = (PREFACE_LEN - self.preface_seen).min(bytes.len());
                self.preface_seen += take;
                bytes = &bytes[take..];
            } else if self.payload_left > 0 {
                let take = self.payload_left.min(bytes.len());
                self.payload_left -= take;
                bytes = &bytes[take..];
            } else {
                let take = (FRAME_HEADER_LEN - self.header.len()).min(bytes.len());
                self.header.extend_from_slice(&bytes[..take]);
                bytes = &bytes[take..];
                if self.header.len() == FRAME_HEADER_LEN {
                    let h = &self.header;
                    self.payload_left =
                        (usize::from(h[0]) << 16) | (usize::from(h[1]) << 8) | usize::from(h[2]);
                    if h[3] == HEADERS_FRAME {
                        headers += 1;
                    }
                    self.header.clear();
                }
            }
        }
        headers
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(kind: u8, payload: usize) -> Vec<u8> {
        let len = u32::try_from(payload).unwrap().to_be_bytes();
        let mut f = vec![len[1], len[2], len[3], kind, 0, 0, 0, 0, 1];
        // Payload bytes that look like a HEADERS type must not count.
        f.resize(FRAME_HEADER_LEN + payload, HEADERS_FRAME);
        f
    }

    #[test]
    fn counts_headers_frames_whatever_the_chunking() {
        let mut stream = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".to_vec();
        stream.extend(frame(0x4, 12)); // SETTINGS
        stream.extend(frame(HEADERS_FRAME, 40));
        stream.extend(frame(0x0, 70_000)); // DATA, longer than one chunk
        stream.extend(frame(HEADERS_FRAME, 1));
        stream.extend(frame(0x8, 4)); // WINDOW_UPDATE
        for chunk in [1, 5, 9, 1000, stream.len()] {
            let mut counter = FrameCounter::default();
            let counted: usize = stream.chunks(chunk).map(|c| counter.feed(c)).sum();
            assert_eq!(counted, 2, "in chunks of {chunk}");
        }
    }
}
