#include "store/foldedcompression.h"

#include <zlib.h>

namespace sb::store {

namespace {

QString limitText()
{
    return QStringLiteral("inflates to more than %1 MiB (the limit of a profile)")
        .arg(kMaxFoldedBytes >> 20);
}

// Inflates the zlib stream `data` into *out, stopping (and failing) one byte past the limit.
QString inflateBounded(const char *data, qsizetype size, QByteArray *out)
{
    if (size > 2 * kMaxFoldedBytes) // even stored (uncompressed) blocks are smaller than that
        return limitText();
    z_stream z{};
    if (inflateInit(&z) != Z_OK)
        return QStringLiteral("cannot be inflated (zlib would not start)");
    QByteArray text;
    constexpr qsizetype kChunk = 256 * 1024;
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data));
    z.avail_in = uInt(size);
    int rc = Z_OK;
    QString why;
    while (rc != Z_STREAM_END) {
        if (text.size() > kMaxFoldedBytes) {
            why = limitText();
            break;
        }
        const qsizetype used = text.size();
        text.resize(used + kChunk);
        z.next_out = reinterpret_cast<Bytef *>(text.data() + used);
        z.avail_out = uInt(kChunk);
        rc = inflate(&z, Z_NO_FLUSH);
        text.resize(used + (kChunk - qsizetype(z.avail_out)));
        if (rc == Z_STREAM_END)
            break;
        if (rc != Z_OK) { // Z_BUF_ERROR here: the input ended before the stream did
            why = QStringLiteral("is not compressed folded stacks (zlib: %1)")
                      .arg(QString::fromLatin1(z.msg ? z.msg : "truncated stream"));
            break;
        }
    }
    inflateEnd(&z);
    if (why.isEmpty() && text.size() > kMaxFoldedBytes)
        why = limitText();
    if (why.isEmpty() && z.avail_in != 0)
        why = QStringLiteral("is not compressed folded stacks (bytes after the zlib stream)");
    if (!why.isEmpty())
        return why;
    *out = text;
    return {};
}

} // namespace

QByteArray compressFolded(const QByteArray &folded)
{
    return folded.isEmpty() ? QByteArray() : qCompress(folded);
}

QString uncompressFolded(const QByteArray &stored, QByteArray *out)
{
    if (stored.isEmpty()) {
        out->clear();
        return {};
    }
    if (stored.size() < 4)
        return QStringLiteral("is not compressed folded stacks (shorter than its header)");
    const quint32 claimed = (quint32(uchar(stored[0])) << 24) | (quint32(uchar(stored[1])) << 16) |
                            (quint32(uchar(stored[2])) << 8) | quint32(uchar(stored[3]));
    if (qint64(claimed) > kMaxFoldedBytes)
        return limitText();
    QByteArray text;
    if (QString why = inflateBounded(stored.constData() + 4, stored.size() - 4, &text);
        !why.isEmpty())
        return why;
    if (text.size() != qsizetype(claimed))
        return QStringLiteral("is not compressed folded stacks (its header says %1 bytes, it "
                              "holds %2)")
            .arg(claimed)
            .arg(text.size());
    *out = text;
    return {};
}

QByteArray zlibStreamOf(const QByteArray &folded)
{
    return compressFolded(folded).mid(4);
}

QString inflateFoldedStream(const QByteArray &stream, QByteArray *folded)
{
    if (stream.isEmpty()) {
        folded->clear();
        return {};
    }
    return inflateBounded(stream.constData(), stream.size(), folded);
}

} // namespace sb::store
