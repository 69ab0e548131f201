// plan/plansecrets: a secret is masked in free text in its common encodings too: base64 and
// base64url (alone, with and without padding, and inside a longer encoded text at each of the
// three byte alignments), URL encoding (upper- and lower-case hex, '+' for a space); text
// without a secret is left alone.

#include "plan/plan.h"
#include "plan/plansecrets.h"

#include <QTest>
#include <QUrl>
#include <cctype>

using sb::plan::redactSecrets;

namespace {

// Every run of base64/base64url characters of `text` decoded from each of its first four
// characters, and the text percent-decoded: a secret hidden in any of them shows.
QByteArray revealed(const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    QByteArray out = bytes;
    auto isBase64 = [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
               c == '+' || c == '/' || c == '-' || c == '_';
    };
    for (qsizetype i = 0; i < bytes.size();) {
        qsizetype end = i;
        while (end < bytes.size() && isBase64(bytes[end]))
            ++end;
        const QByteArray run = bytes.mid(i, end - i);
        for (qsizetype skip = 0; skip < 4 && skip < run.size(); ++skip) {
            out += '\n' + QByteArray::fromBase64(run.mid(skip), QByteArray::Base64Encoding);
            out += '\n' + QByteArray::fromBase64(run.mid(skip), QByteArray::Base64UrlEncoding);
        }
        i = end + 1;
    }
    out += '\n' + QByteArray::fromPercentEncoding(bytes);
    out += '\n' + QByteArray::fromPercentEncoding(QByteArray(bytes).replace('+', ' '));
    return out;
}

// Percent-encoding with lower-case hex digits ("%c3%a9").
QString lowerHex(QByteArray encoded)
{
    for (qsizetype i = 0; i + 2 < encoded.size(); ++i)
        if (encoded[i] == '%') {
            encoded[i + 1] = char(std::tolower(uchar(encoded[i + 1])));
            encoded[i + 2] = char(std::tolower(uchar(encoded[i + 2])));
        }
    return QString::fromLatin1(encoded);
}

} // namespace

class TstSecretForms : public QObject
{
    Q_OBJECT

private slots:
    void encodedSecretsAreMasked_data()
    {
        QTest::addColumn<QString>("secret");
        QTest::addColumn<QString>("text");
        const QStringList secrets{QStringLiteral("s3cr3t-Value_42"),
                                  QStringLiteral("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.abc-_x"),
                                  QStringLiteral("p@ss word/+=?&é"), QStringLiteral("abcde")};
        for (const QString &secret : secrets) {
            const QByteArray s = secret.toUtf8();
            for (int before = 0; before < 6; ++before) {
                for (int after = 0; after < 4; ++after) {
                    const QByteArray whole =
                        QByteArray("Bearer ").left(before) + s + QByteArray("\n}xy").left(after);
                    const QString tag =
                        QStringLiteral("%1 +%2+%3").arg(secret).arg(before).arg(after);
                    QTest::newRow(qPrintable(tag + QStringLiteral(" base64")))
                        << secret << QString::fromLatin1(whole.toBase64());
                    QTest::newRow(qPrintable(tag + QStringLiteral(" base64url")))
                        << secret
                        << QString::fromLatin1(whole.toBase64(QByteArray::Base64UrlEncoding |
                                                              QByteArray::OmitTrailingEquals));
                }
            }
            QTest::newRow(qPrintable(secret + QStringLiteral(" percent")))
                << secret
                << QStringLiteral("auth=") + QString::fromLatin1(QUrl::toPercentEncoding(secret));
            QTest::newRow(qPrintable(secret + QStringLiteral(" percent, lower-case hex")))
                << secret << QStringLiteral("auth=") + lowerHex(QUrl::toPercentEncoding(secret));
            QTest::newRow(qPrintable(secret + QStringLiteral(" form")))
                << secret
                << QString::fromLatin1(QUrl::toPercentEncoding(secret))
                       .replace(QStringLiteral("%20"), QStringLiteral("+"));
            QTest::newRow(qPrintable(secret + QStringLiteral(" in a header line")))
                << secret
                << QStringLiteral("X-Echo: ") +
                       QString::fromLatin1(
                           QByteArray("Authorization: Bearer " + s + "\nX-Other: 1\n").toBase64());
        }
    }

    void encodedSecretsAreMasked()
    {
        QFETCH(QString, secret);
        QFETCH(QString, text);
        QVERIFY2(revealed(text).contains(secret.toUtf8()), "the row does not hide the secret");
        const QString masked = redactSecrets(text, {secret});
        QVERIFY2(!revealed(masked).contains(secret.toUtf8()), qPrintable(masked));
        QVERIFY2(masked.contains(sb::plan::secretPlaceholder()), qPrintable(masked));
    }

    void plainTextIsLeftAlone()
    {
        const QStringList secrets{QStringLiteral("s3cr3t-Value_42"), QStringLiteral("abcde")};
        const QString text = QStringLiteral(
            "GET /users/42 200 in 0.8 ms; aGVsbG8gd29ybGQ= is base64 of 'hello world'; %41%42");
        QCOMPARE(redactSecrets(text, secrets), text);
        QVERIFY(sb::plan::encodedSecretForms(QStringLiteral("ab")).isEmpty()); // too short
        // The literal is masked as before, and Plan::redact() is the same.
        sb::plan::Plan plan;
        plan.secretValues = secrets;
        QCOMPARE(plan.redact(QStringLiteral("key=s3cr3t-Value_42;")),
                 QStringLiteral("key=<secret>;"));
        const QString encoded = QString::fromLatin1(QByteArray("key=s3cr3t-Value_42;").toBase64());
        QCOMPARE(plan.redact(encoded), redactSecrets(encoded, secrets));
        QVERIFY(plan.redact(encoded) != encoded);
    }
};

QTEST_GUILESS_MAIN(TstSecretForms)
#include "tst_secretforms.moc"
