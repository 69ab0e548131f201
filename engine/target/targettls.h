#pragma once

// The reference target's TLS (targetserver.h): the server context every worker's connections
// share, and the throwaway certificate `stackbench target --make-cert` writes for the demo.
// OpenSSL (libssl, libcrypto). Internal to the target and its command line.

#include "core/result.h"

#include <memory>
#include <string>

struct ssl_ctx_st;

namespace sb::target {

struct TlsContextDeleter
{
    void operator()(ssl_ctx_st *ctx) const;
};
using TlsContext = std::unique_ptr<ssl_ctx_st, TlsContextDeleter>;

// A server context with the certificate chain in `certFile` and the private key in `keyFile`
// (PEM), TLS 1.2 and 1.3, session tickets on, and ALPN choosing "h2" when `http2` and the client
// offers it, else "http/1.1". Errors: code "target.tls", where the file, detail OpenSSL's reason.
// Any thread; the context may be shared by threads once made.
sb::Result<TlsContext> makeServerTlsContext(const std::string &certFile, const std::string &keyFile,
                                            bool http2);

// Writes a self-signed certificate and its key to `dir`/cert.pem and `dir`/key.pem (created or
// replaced; the key readable by its owner only): ECDSA P-256, SHA-256, valid from an hour ago
// for 825 days, subject CN=localhost, subjectAltName DNS:localhost, IP:127.0.0.1 and IP:::1,
// a CA certificate that is also a TLS server certificate, so that clients can trust it by
// naming cert.pem as their CA file. `dir` must exist. Errors: code "target.tls", where the file.
sb::Status writeSelfSignedCertificate(const std::string &dir);

} // namespace sb::target
