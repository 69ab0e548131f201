#include "target/targettls.h"

#include <cstdint>
#include <cstdio>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <sys/stat.h>

namespace sb::target {

namespace {

sb::Error tlsError(std::string where, std::string fallback)
{
    const unsigned long code = ERR_get_error();
    ERR_clear_error();
    if (code != 0) {
        char text[256];
        ERR_error_string_n(code, text, sizeof text);
        fallback += ": ";
        fallback += text;
    }
    return sb::Error{"target.tls", std::move(where), std::move(fallback)};
}

// ALPN: "h2" when allowed and offered, else "http/1.1"; a client offering neither goes on
// without ALPN (HTTP/1.1).
int selectAlpn(SSL *, const unsigned char **out, unsigned char *outLen, const unsigned char *in,
               unsigned int inLen, void *arg)
{
    static const unsigned char both[] = "\x02h2\x08http/1.1";
    static const unsigned char http1[] = "\x08http/1.1";
    const bool http2 = arg != nullptr;
    unsigned char *chosen = nullptr;
    const int rv = SSL_select_next_proto(&chosen, outLen, http2 ? both : http1,
                                         http2 ? sizeof both - 1 : sizeof http1 - 1, in, inLen);
    if (rv != OPENSSL_NPN_NEGOTIATED)
        return SSL_TLSEXT_ERR_NOACK;
    *out = chosen;
    return SSL_TLSEXT_ERR_OK;
}

bool addExtension(X509 *cert, int nid, const char *value)
{
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, cert, cert, nullptr, nullptr, 0);
    X509_EXTENSION *ext = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value);
    if (!ext)
        return false;
    const bool added = X509_add_ext(cert, ext, -1) == 1;
    X509_EXTENSION_free(ext);
    return added;
}

} // namespace

void TlsContextDeleter::operator()(ssl_ctx_st *ctx) const
{
    SSL_CTX_free(ctx);
}

sb::Result<TlsContext> makeServerTlsContext(const std::string &certFile, const std::string &keyFile,
                                            bool http2)
{
    ERR_clear_error();
    TlsContext ctx(SSL_CTX_new(TLS_server_method()));
    if (!ctx)
        return tlsError(std::string(), "cannot make a TLS context");
    SSL_CTX_set_min_proto_version(ctx.get(), TLS1_2_VERSION);
    SSL_CTX_set_mode(ctx.get(), SSL_MODE_ENABLE_PARTIAL_WRITE |
                                    SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER | SSL_MODE_RELEASE_BUFFERS);
    // A client that goes without close_notify is a client gone, not an attack on this server.
    SSL_CTX_set_options(ctx.get(), SSL_OP_IGNORE_UNEXPECTED_EOF | SSL_OP_NO_RENEGOTIATION);
    if (SSL_CTX_use_certificate_chain_file(ctx.get(), certFile.c_str()) != 1)
        return tlsError(certFile, "cannot read the certificate");
    if (SSL_CTX_use_PrivateKey_file(ctx.get(), keyFile.c_str(), SSL_FILETYPE_PEM) != 1)
        return tlsError(keyFile, "cannot read the private key");
    if (SSL_CTX_check_private_key(ctx.get()) != 1)
        return tlsError(keyFile, "the private key does not match the certificate");
    SSL_CTX_set_alpn_select_cb(ctx.get(), selectAlpn,
                               http2 ? reinterpret_cast<void *>(uintptr_t(1)) : nullptr);
    return ctx;
}

sb::Status writeSelfSignedCertificate(const std::string &dir)
{
    ERR_clear_error();
    const std::string certPath = dir + "/cert.pem";
    const std::string keyPath = dir + "/key.pem";
    EVP_PKEY *key = EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256");
    if (!key)
        return tlsError(keyPath, "cannot make a key");
    X509 *cert = X509_new();
    bool ok = cert != nullptr;
    if (ok) {
        X509_set_version(cert, 2);
        unsigned char serial[16];
        ok = RAND_bytes(serial, sizeof serial) == 1;
        serial[0] &= 0x7F; // a positive serial number
        BIGNUM *bn = BN_bin2bn(serial, sizeof serial, nullptr);
        ok = ok && bn && BN_to_ASN1_INTEGER(bn, X509_get_serialNumber(cert)) != nullptr;
        BN_free(bn);
        X509_gmtime_adj(X509_getm_notBefore(cert), -3600);
        X509_gmtime_adj(X509_getm_notAfter(cert), 825L * 24 * 3600);
        X509_NAME *name = X509_get_subject_name(cert);
        X509_NAME_add_entry_by_txt(name, "O", MBSTRING_ASC,
                                   reinterpret_cast<const unsigned char *>("Stackbench demo"), -1,
                                   -1, 0);
        X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                                   reinterpret_cast<const unsigned char *>("localhost"), -1, -1, 0);
        X509_set_issuer_name(cert, name);
        X509_set_pubkey(cert, key);
        ok = ok && addExtension(cert, NID_basic_constraints, "critical,CA:TRUE") &&
             addExtension(cert, NID_key_usage, "critical,digitalSignature,keyCertSign") &&
             addExtension(cert, NID_ext_key_usage, "serverAuth") &&
             addExtension(cert, NID_subject_key_identifier, "hash") &&
             addExtension(cert, NID_authority_key_identifier, "keyid:always") &&
             addExtension(cert, NID_subject_alt_name, "DNS:localhost,IP:127.0.0.1,IP:::1") &&
             X509_sign(cert, key, EVP_sha256()) > 0;
    }
    if (!ok) {
        X509_free(cert);
        EVP_PKEY_free(key);
        return tlsError(certPath, "cannot make the certificate");
    }
    sb::Status written = sb::Ok{};
    const mode_t old = ::umask(077);
    if (FILE *f = std::fopen(keyPath.c_str(), "wb")) {
        const bool keyOk = PEM_write_PrivateKey(f, key, nullptr, nullptr, 0, nullptr, nullptr) == 1;
        if (std::fclose(f) != 0 || !keyOk)
            written = tlsError(keyPath, "cannot write the key");
    } else {
        written = sb::Error{"target.tls", keyPath, "cannot write the key"};
    }
    ::umask(old);
    if (written.ok()) {
        if (FILE *f = std::fopen(certPath.c_str(), "wb")) {
            const bool certOk = PEM_write_X509(f, cert) == 1;
            if (std::fclose(f) != 0 || !certOk)
                written = tlsError(certPath, "cannot write the certificate");
        } else {
            written = sb::Error{"target.tls", certPath, "cannot write the certificate"};
        }
    }
    X509_free(cert);
    EVP_PKEY_free(key);
    return written;
}

} // namespace sb::target
