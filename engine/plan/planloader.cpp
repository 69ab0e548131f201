#include "planloader.h"

#include "core/qterror.h"
#include "jsonparser.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QUrl>
#include <algorithm>
#include <cmath>
#include <csignal>
#include <limits>

namespace sb::plan {

QString Diagnostic::toString() const
{
    if (line == 0) // the file as a whole (unreadable): no position, no path
        return QStringLiteral("%1: %2").arg(file, message);
    return QStringLiteral("%1:%2:%3: %4: %5")
        .arg(file)
        .arg(line)
        .arg(column)
        .arg(jsonPath, message);
}

sb::Error Diagnostic::toError() const
{
    return sb::qtError(
        code, QStringLiteral("%1:%2:%3 at %4").arg(file).arg(line).arg(column).arg(jsonPath),
        message);
}

QString PlanLoad::errorText() const
{
    QStringList lines;
    for (const Diagnostic &d : diagnostics)
        lines.append(d.toString());
    return lines.join(QLatin1Char('\n'));
}

sb::Result<Plan> PlanLoad::toResult() const
{
    if (plan)
        return *plan;
    if (diagnostics.isEmpty())
        return sb::qtError(QStringLiteral("plan.io"), QString(), QStringLiteral("no plan loaded"));
    sb::Error e = diagnostics.constFirst().toError();
    if (diagnostics.size() > 1)
        e.detail +=
            QStringLiteral(" (and %1 more problems)").arg(diagnostics.size() - 1).toStdString();
    return e;
}

namespace {

int editDistance(const QString &a, const QString &b)
{
    const QString x = a.toLower();
    const QString y = b.toLower();
    std::vector<int> prev(y.size() + 1), cur(y.size() + 1);
    for (qsizetype j = 0; j <= y.size(); ++j)
        prev[j] = int(j);
    for (qsizetype i = 1; i <= x.size(); ++i) {
        cur[0] = int(i);
        for (qsizetype j = 1; j <= y.size(); ++j) {
            const int cost = x[i - 1] == y[j - 1] ? 0 : 1;
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
        }
        std::swap(prev, cur);
    }
    return prev[y.size()];
}

// The candidate closest to `word`, when close enough to be a likely typo.
QString closest(const QString &word, const QStringList &candidates)
{
    QString best;
    int bestDistance = std::numeric_limits<int>::max();
    for (const QString &c : candidates) {
        const int d = editDistance(word, c);
        if (d < bestDistance) {
            bestDistance = d;
            best = c;
        }
    }
    const int limit = std::max<int>(2, int(word.size()) / 3);
    if (best.isEmpty() || bestDistance > limit || bestDistance >= word.size())
        return QString();
    return best;
}

QString quotedList(const QStringList &values)
{
    QStringList q;
    for (const QString &v : values)
        q.append(QLatin1Char('"') + v + QLatin1Char('"'));
    return q.join(QStringLiteral(", "));
}

QString describe(const JsonValue &v)
{
    switch (v.type) {
    case JsonValue::Type::Number:
        return QStringLiteral("a number (%1)").arg(QString::fromLatin1(v.numberText));
    case JsonValue::Type::String: {
        QString s = v.string;
        if (s.size() > 40)
            s = s.left(37) + QStringLiteral("...");
        return QStringLiteral("a string (\"%1\")").arg(s);
    }
    case JsonValue::Type::Bool:
        return QStringLiteral("a boolean (%1)")
            .arg(v.boolean ? QStringLiteral("true") : QStringLiteral("false"));
    default:
        return v.typeName();
    }
}

QString formatNumber(double d)
{
    return QString::number(d, 'g', 15);
}

const QStringList kMethods = {QStringLiteral("GET"),    QStringLiteral("HEAD"),
                              QStringLiteral("POST"),   QStringLiteral("PUT"),
                              QStringLiteral("PATCH"),  QStringLiteral("DELETE"),
                              QStringLiteral("OPTIONS")};

struct SignalName
{
    const char *name;
    int number;
};
const SignalName kSignals[] = {{"SIGTERM", SIGTERM}, {"SIGINT", SIGINT}, {"SIGQUIT", SIGQUIT},
                               {"SIGKILL", SIGKILL}, {"SIGHUP", SIGHUP}, {"SIGUSR1", SIGUSR1},
                               {"SIGUSR2", SIGUSR2}};

QStringList L(std::initializer_list<const char *> list)
{
    QStringList out;
    for (const char *s : list)
        out.append(QString::fromLatin1(s));
    return out;
}

// How a string was expanded.
struct Expansion
{
    QString value;
    bool onlyEnvReferences = false; // the raw text was nothing but ${env:...} placeholders
};

class Loader
{
public:
    Loader(const QString &file, const QString &baseDir, const PlanVariables &variables)
        : m_file(file)
        , m_baseDir(QDir::cleanPath(QDir(baseDir).absolutePath()))
        , m_vars(variables)
    {
        if (!m_vars.contains(QStringLiteral("stackbench"))) {
            m_vars.insert(QStringLiteral("stackbench"),
                          QCoreApplication::instance() ? QCoreApplication::applicationFilePath()
                                                       : QStringLiteral("stackbench"));
        }
    }

    PlanLoad load(const QByteArray &text, const QString &filePath)
    {
        m_plan.filePath = filePath;
        m_plan.baseDir = m_baseDir;
        m_plan.text = text;
        m_plan.sha256 = QCryptographicHash::hash(text, QCryptographicHash::Sha256).toHex();

        const JsonParseResult parsed = parseJson(text);
        for (const JsonIssue &issue : parsed.issues)
            error(issue.line, issue.column, issue.path,
                  issue.fatal || issue.syntax ? "plan.syntax" : "plan.duplicate", issue.message);
        if (parsed.ok()) {
            readRoot(parsed.root);
            redactRepeatedSecrets(parsed.root);
        }

        PlanLoad result;
        std::stable_sort(m_diags.begin(), m_diags.end(),
                         [](const Diagnostic &a, const Diagnostic &b) {
                             return a.line != b.line ? a.line < b.line : a.column < b.column;
                         });
        result.diagnostics = m_diags;
        if (m_diags.isEmpty()) {
            m_plan.referencedFiles.sort();
            m_plan.referencedFiles.removeDuplicates();
            m_plan.secretValues.removeDuplicates();
            result.plan = std::move(m_plan);
        }
        return result;
    }

private:
    // ---- diagnostics -------------------------------------------------------------------------

    void error(int line, int column, const QString &path, const char *code, const QString &message)
    {
        Diagnostic d;
        d.file = m_file;
        d.line = line;
        d.column = column;
        d.jsonPath = path;
        d.code = QString::fromLatin1(code);
        d.message = message;
        m_diags.append(d);
    }
    void error(const JsonValue &at, const QString &path, const char *code, const QString &message)
    {
        error(at.line, at.column, path, code, message);
    }
    void typeError(const JsonValue &v, const QString &path, const QString &expected)
    {
        error(v, path, "plan.type",
              QStringLiteral("expected %1, found %2").arg(expected, describe(v)));
    }
    QString where(const JsonValue &v, const QString &path) const
    {
        return QStringLiteral("%1:%2:%3 at %4").arg(m_file).arg(v.line).arg(v.column).arg(path);
    }

    // ---- objects -----------------------------------------------------------------------------

    // Checks that `v` is an object with only `allowed` keys; reports the rest with a hint.
    bool expectObject(const JsonValue &v, const QString &path, const QStringList &allowed)
    {
        if (!v.isObject()) {
            typeError(v, path, QStringLiteral("an object"));
            return false;
        }
        for (const JsonMember &m : v.members) {
            if (allowed.contains(m.key))
                continue;
            const QString hint = closest(m.key, allowed);
            const QString tail = hint.isEmpty()
                                     ? QStringLiteral("; allowed keys: %1").arg(quotedList(allowed))
                                     : QStringLiteral("; did you mean \"%1\"?").arg(hint);
            error(m.line, m.column, jsonChildPath(path, m.key), "plan.unknown-key",
                  QStringLiteral("unknown key \"%1\" at %2%3").arg(m.key, path, tail));
        }
        return true;
    }

    const JsonValue *require(const JsonValue &obj, const QString &path, const QString &key)
    {
        const JsonValue *v = obj.value(key);
        if (!v)
            error(obj, path, "plan.missing-key",
                  QStringLiteral("missing required key \"%1\"").arg(key));
        return v;
    }

    // ---- scalars -----------------------------------------------------------------------------

    bool toString(const JsonValue &v, const QString &path, QString &out, bool nonEmpty = false)
    {
        if (!v.isString()) {
            typeError(v, path, QStringLiteral("a string"));
            return false;
        }
        if (nonEmpty && v.string.isEmpty()) {
            error(v, path, "plan.value", QStringLiteral("must not be empty"));
            return false;
        }
        out = v.string;
        return true;
    }

    bool toBool(const JsonValue &v, const QString &path, bool &out)
    {
        if (!v.isBool()) {
            typeError(v, path, QStringLiteral("a boolean"));
            return false;
        }
        out = v.boolean;
        return true;
    }

    template<typename Int>
    bool toInt(const JsonValue &v, const QString &path, qint64 min, qint64 max, Int &out)
    {
        if (!v.isNumber()) {
            typeError(v, path, QStringLiteral("an integer"));
            return false;
        }
        if (std::floor(v.number) != v.number || std::fabs(v.number) > 9.0e15) {
            error(v, path, "plan.type",
                  QStringLiteral("expected an integer, found %1")
                      .arg(QString::fromLatin1(v.numberText)));
            return false;
        }
        const qint64 i = qint64(v.number);
        if (i < min || i > max) {
            const QString text = QString::fromLatin1(v.numberText);
            if (max == std::numeric_limits<qint64>::max())
                error(v, path, "plan.range",
                      QStringLiteral("must be at least %1, found %2").arg(min).arg(text));
            else
                error(v, path, "plan.range",
                      QStringLiteral("must be between %1 and %2, found %3")
                          .arg(min)
                          .arg(max)
                          .arg(text));
            return false;
        }
        out = Int(i);
        return true;
    }

    // A number >= 0 (or > 0 when `positive`), at most `max`.
    bool toNumber(const JsonValue &v, const QString &path, bool positive, double max, double &out)
    {
        if (!v.isNumber()) {
            typeError(v, path, QStringLiteral("a number"));
            return false;
        }
        const QString text = QString::fromLatin1(v.numberText);
        if (positive && !(v.number > 0)) {
            error(v, path, "plan.range",
                  QStringLiteral("must be greater than 0, found %1").arg(text));
            return false;
        }
        if (v.number < 0) {
            error(v, path, "plan.range",
                  QStringLiteral("must not be negative, found %1").arg(text));
            return false;
        }
        if (v.number > max) {
            error(v, path, "plan.range",
                  QStringLiteral("must be at most %1, found %2").arg(formatNumber(max), text));
            return false;
        }
        out = v.number;
        return true;
    }

    // Seconds (a number) to milliseconds. At most one year.
    bool toSeconds(const JsonValue &v, const QString &path, bool positive, qint64 &outMs)
    {
        double s = 0;
        if (!toNumber(v, path, positive, 365.0 * 24 * 3600, s))
            return false;
        const qint64 ms = qint64(std::llround(s * 1000.0));
        if (positive && ms == 0) {
            error(v, path, "plan.range",
                  QStringLiteral("must be at least 0.001 s, found %1")
                      .arg(QString::fromLatin1(v.numberText)));
            return false;
        }
        outMs = ms;
        return true;
    }

    bool toEnum(const JsonValue &v, const QString &path, const QStringList &allowed, int &index)
    {
        if (!v.isString()) {
            typeError(v, path, QStringLiteral("one of %1").arg(quotedList(allowed)));
            return false;
        }
        index = int(allowed.indexOf(v.string));
        if (index < 0) {
            error(v, path, "plan.enum",
                  QStringLiteral("invalid value \"%1\"; allowed: %2")
                      .arg(v.string, quotedList(allowed)));
            return false;
        }
        return true;
    }

    // An array of strings, each expanded when `vars` is given.
    bool toArgv(const JsonValue &v, const QString &path, const PlanVariables *vars,
                const QString &portHint, QStringList &out)
    {
        if (!v.isArray()) {
            typeError(v, path, QStringLiteral("an array of strings (argv)"));
            return false;
        }
        if (v.items.empty()) {
            error(v, path, "plan.value",
                  QStringLiteral("must not be empty: give the program and its arguments"));
            return false;
        }
        bool ok = true;
        QStringList result;
        for (size_t i = 0; i < v.items.size(); ++i) {
            const JsonValue &item = v.items[i];
            const QString itemPath = jsonIndexPath(path, qsizetype(i));
            if (!item.isString()) {
                typeError(item, itemPath, QStringLiteral("a string"));
                ok = false;
                continue;
            }
            if (i == 0 && item.string.isEmpty()) {
                error(item, itemPath, "plan.value",
                      QStringLiteral("the program must not be empty"));
                ok = false;
                continue;
            }
            if (vars) {
                const std::optional<Expansion> e = expand(item, itemPath, *vars, portHint);
                if (!e) {
                    ok = false;
                    continue;
                }
                result.append(e->value);
            } else {
                result.append(item.string);
            }
        }
        if (ok)
            out = result;
        return ok;
    }

    // ---- placeholders ------------------------------------------------------------------------

    // Expands ${env:NAME}, ${name} (from `vars`) and $${ in the string value `v`.
    std::optional<Expansion> expand(const JsonValue &v, const QString &path,
                                    const PlanVariables &vars, const QString &portHint)
    {
        const QString &s = v.string;
        Expansion out;
        bool ok = true;
        bool literal = false;
        bool anyPlaceholder = false;
        qsizetype i = 0;
        while (i < s.size()) {
            if (s[i] == QLatin1Char('$') && s.mid(i, 3) == QLatin1String("$${")) {
                out.value += QStringLiteral("${");
                literal = true;
                i += 3;
                continue;
            }
            if (s[i] != QLatin1Char('$') || i + 1 >= s.size() || s[i + 1] != QLatin1Char('{')) {
                out.value += s[i];
                literal = true;
                ++i;
                continue;
            }
            const qsizetype close = s.indexOf(QLatin1Char('}'), i + 2);
            if (close < 0) {
                error(v, path, "plan.placeholder",
                      QStringLiteral(
                          "unterminated placeholder \"%1\"; write \"$${\" for a literal \"${\"")
                          .arg(s.mid(i)));
                return std::nullopt;
            }
            const QString name = s.mid(i + 2, close - i - 2);
            const QString token = s.mid(i, close - i + 1);
            anyPlaceholder = true;
            i = close + 1;
            if (name.startsWith(QLatin1String("env:"))) {
                const QString var = name.mid(4);
                static const QRegularExpression envName(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
                if (!envName.match(var).hasMatch()) {
                    error(v, path, "plan.placeholder",
                          QStringLiteral("invalid environment variable name in \"%1\"").arg(token));
                    ok = false;
                } else if (!qEnvironmentVariableIsSet(var.toLocal8Bit().constData())) {
                    error(v, path, "plan.env",
                          QStringLiteral(
                              "environment variable \"%1\" is not set (referenced as \"%2\")")
                              .arg(var, token));
                    ok = false;
                } else {
                    out.value += qEnvironmentVariable(var.toLocal8Bit().constData());
                }
                continue;
            }
            literal = true; // a substituted variable is not an environment reference
            const auto it = vars.constFind(name);
            if (it != vars.constEnd()) {
                out.value += it.value();
                continue;
            }
            ok = false;
            if (name == QLatin1String("port")) {
                error(v, path, "plan.placeholder",
                      portHint.isEmpty()
                          ? QStringLiteral("\"${port}\" is only available inside a configuration")
                          : portHint);
                continue;
            }
            QStringList known = vars.keys();
            known.sort();
            const QString hint = closest(name, known);
            QStringList list;
            for (const QString &k : std::as_const(known))
                list.append(QStringLiteral("${%1}").arg(k));
            list.append(QStringLiteral("${env:NAME}"));
            error(v, path, "plan.placeholder",
                  hint.isEmpty()
                      ? QStringLiteral("unknown placeholder \"%1\"; known here: %2 (write \"$${\" "
                                       "for a literal \"${\")")
                            .arg(token, list.join(QStringLiteral(", ")))
                      : QStringLiteral("unknown placeholder \"%1\"; did you mean \"${%2}\"?")
                            .arg(token, hint));
        }
        if (!ok)
            return std::nullopt;
        out.onlyEnvReferences = anyPlaceholder && !literal;
        return out;
    }

    // Records a secret string value: its resolved text, and its literal unless it only refers to
    // the environment.
    void markSecret(const JsonValue &v, const Expansion &e)
    {
        if (!e.value.isEmpty())
            m_plan.secretValues.append(e.value);
        if (!e.onlyEnvReferences && !v.string.isEmpty())
            m_plan.secretSpans.append(Plan::Span{v.offset, v.length});
    }

    // A secret typed again elsewhere (a header, a command argument) must not survive in
    // redactedText() either: every string literal containing a secret value of at least
    // kMinSearchedSecret characters is redacted too. Shorter secrets would match too much.
    void redactRepeatedSecrets(const JsonValue &v)
    {
        static constexpr int kMinSearchedSecret = 4;
        if (v.isString()) {
            for (const QString &secret : std::as_const(m_plan.secretValues)) {
                if (secret.size() < kMinSearchedSecret || !v.string.contains(secret))
                    continue;
                const bool known =
                    std::any_of(m_plan.secretSpans.cbegin(), m_plan.secretSpans.cend(),
                                [&](const Plan::Span &s) { return s.offset == v.offset; });
                if (!known)
                    m_plan.secretSpans.append(Plan::Span{v.offset, v.length});
                break;
            }
        }
        for (const JsonValue &item : v.items)
            redactRepeatedSecrets(item);
        for (const JsonMember &m : v.members)
            redactRepeatedSecrets(m.value);
    }

    QString resolvePath(const QString &p) const
    {
        return QDir::cleanPath(QDir(m_baseDir).absoluteFilePath(p));
    }

    // ---- the plan ----------------------------------------------------------------------------

    void readRoot(const JsonValue &root)
    {
        const QString path = QStringLiteral("$");
        if (!expectObject(root, path,
                          L({"format", "name", "description", "database", "configurations",
                             "routes", "parity", "hooks", "sampler", "load", "profiles"})))
            return;

        if (const JsonValue *v = require(root, path, QStringLiteral("format"))) {
            int format = 0;
            if (toInt(*v, QStringLiteral("$.format"), std::numeric_limits<int>::min(),
                      std::numeric_limits<int>::max(), format)) {
                if (format != 1)
                    error(*v, QStringLiteral("$.format"), "plan.range",
                          QStringLiteral(
                              "unsupported format %1; this version of Stackbench reads format 1")
                              .arg(format));
                m_plan.format = format;
            }
        }
        if (const JsonValue *v = require(root, path, QStringLiteral("name")))
            toString(*v, QStringLiteral("$.name"), m_plan.name, true);
        if (const JsonValue *v = root.value(u"description"))
            toString(*v, QStringLiteral("$.description"), m_plan.description);

        if (const JsonValue *v = root.value(u"database")) {
            m_hasDatabase = true; // even when invalid, so SQL hooks do not add a second error
            readDatabase(*v, QStringLiteral("$.database"));
        }

        if (const JsonValue *v = require(root, path, QStringLiteral("configurations")))
            readConfigurations(*v, QStringLiteral("$.configurations"));
        if (const JsonValue *v = require(root, path, QStringLiteral("routes")))
            readRoutes(*v, QStringLiteral("$.routes"));
        if (const JsonValue *v = root.value(u"parity"))
            readParity(*v, QStringLiteral("$.parity"));
        if (const JsonValue *v = root.value(u"hooks"))
            readHookSet(*v, QStringLiteral("$.hooks"),
                        L({"before_run", "before_configuration", "before_route", "before_window"}),
                        m_vars, QString(), m_plan.hooks);
        if (const JsonValue *v = root.value(u"sampler"))
            readSampler(*v, QStringLiteral("$.sampler"));
        if (const JsonValue *v = root.value(u"load"))
            readLoad(*v, QStringLiteral("$.load"));
        if (const JsonValue *v = require(root, path, QStringLiteral("profiles")))
            readProfiles(*v, QStringLiteral("$.profiles"));
    }

    void readDatabase(const JsonValue &obj, const QString &path)
    {
        if (!expectObject(obj, path,
                          L({"driver", "host", "port", "name", "user", "password", "options"})))
            return;
        Database db;
        if (const JsonValue *v = require(obj, path, QStringLiteral("driver"))) {
            int index = 0;
            if (toEnum(*v, jsonChildPath(path, QStringLiteral("driver")), L({"QPSQL", "QSQLITE"}),
                       index)) {
                db.driver = index == 0 ? Database::Driver::PostgreSql : Database::Driver::Sqlite;
                db.driverName = v->string;
                if (db.driver == Database::Driver::Sqlite)
                    db.port = 0;
            }
        }
        // Each string field may refer to the environment.
        auto text = [&](const char *key, QString &out, bool secret) -> const JsonValue * {
            const QString k = QString::fromLatin1(key);
            const JsonValue *v = obj.value(k);
            if (!v)
                return nullptr;
            const QString p = jsonChildPath(path, k);
            if (!v->isString()) {
                typeError(*v, p, QStringLiteral("a string"));
                return nullptr;
            }
            const std::optional<Expansion> e = expand(*v, p, m_vars, QString());
            if (!e)
                return nullptr;
            out = e->value;
            if (secret)
                markSecret(*v, *e);
            return v;
        };
        text("host", db.host, false);
        const JsonValue *nameValue = obj.value(u"name");
        if (!nameValue)
            require(obj, path, QStringLiteral("name"));
        else if (text("name", db.name, false) && db.name.isEmpty())
            error(*nameValue, jsonChildPath(path, QStringLiteral("name")), "plan.value",
                  QStringLiteral("must not be empty"));
        text("user", db.user, false);
        text("password", db.password, true);
        text("options", db.options, false);
        if (const JsonValue *v = obj.value(u"port"))
            toInt(*v, jsonChildPath(path, QStringLiteral("port")), 1, 65535, db.port);
        if (db.driver == Database::Driver::Sqlite && !db.name.isEmpty() &&
            db.name != QLatin1String(":memory:"))
            db.name = resolvePath(db.name);
        m_plan.database = db;
    }

    // Reports a duplicate `name` (value `v`) among earlier ones in `seen`.
    void checkUnique(QHash<QString, const JsonValue *> &seen, const JsonValue &v,
                     const QString &path, const QString &what)
    {
        const auto it = seen.constFind(v.string);
        if (it != seen.constEnd()) {
            error(v, path, "plan.duplicate",
                  QStringLiteral("duplicate %1 name \"%2\" (first at line %3, column %4)")
                      .arg(what, v.string)
                      .arg(it.value()->line)
                      .arg(it.value()->column));
        } else {
            seen.insert(v.string, &v);
        }
    }

    void readConfigurations(const JsonValue &v, const QString &path)
    {
        if (!v.isArray()) {
            typeError(v, path, QStringLiteral("an array of configurations"));
            return;
        }
        if (v.items.empty()) {
            error(v, path, "plan.value", QStringLiteral("at least one configuration is required"));
            return;
        }
        QHash<QString, const JsonValue *> seen;
        for (size_t i = 0; i < v.items.size(); ++i) {
            const QString itemPath = jsonIndexPath(path, qsizetype(i));
            Configuration c;
            if (readConfiguration(v.items[i], itemPath, c))
                m_plan.configurations.append(c);
            if (const JsonValue *name = v.items[i].value(u"name"); name && name->isString())
                checkUnique(seen, *name, jsonChildPath(itemPath, QStringLiteral("name")),
                            QStringLiteral("configuration"));
        }
    }

    bool readConfiguration(const JsonValue &obj, const QString &path, Configuration &c)
    {
        if (!expectObject(obj, path,
                          L({"name", "command", "cwd", "env", "secret_env", "port", "base_url",
                             "ready", "stop", "versions", "hooks"})))
            return false;
        const int before = int(m_diags.size());
        c.where = where(obj, path);
        auto child = [&](const char *key) { return jsonChildPath(path, QString::fromLatin1(key)); };

        if (const JsonValue *v = require(obj, path, QStringLiteral("name"))) {
            static const QRegularExpression nameRe(QStringLiteral("^[A-Za-z0-9_.-]+$"));
            if (toString(*v, child("name"), c.name, true) && !nameRe.match(c.name).hasMatch())
                error(
                    *v, child("name"), "plan.value",
                    QStringLiteral(
                        "invalid configuration name \"%1\"; use letters, digits, '_', '.' and '-'")
                        .arg(c.name));
        }

        // The port first: ${port} is available everywhere below.
        const JsonValue *portValue = obj.value(u"port");
        bool havePort = false;
        if (portValue)
            havePort = toInt(*portValue, child("port"), 1, 65535, c.port);
        PlanVariables vars = m_vars;
        const QString portHint = QStringLiteral("\"${port}\" needs \"port\" in this configuration");
        if (havePort)
            vars.insert(QStringLiteral("port"), QString::number(c.port));

        if (const JsonValue *v = obj.value(u"base_url")) {
            if (!v->isString()) {
                typeError(*v, child("base_url"), QStringLiteral("a string"));
            } else if (const std::optional<Expansion> e =
                           expand(*v, child("base_url"), vars, portHint)) {
                QString url = e->value;
                while (url.endsWith(QLatin1Char('/')))
                    url.chop(1);
                const QUrl parsed(url, QUrl::StrictMode);
                if (!parsed.isValid() || parsed.scheme() != QLatin1String("http") ||
                    parsed.host().isEmpty())
                    error(*v, child("base_url"), "plan.value",
                          QStringLiteral("invalid base_url \"%1\"; expected http://host[:port]")
                              .arg(e->value));
                else if (!parsed.path().isEmpty() || parsed.hasQuery() || parsed.hasFragment())
                    error(*v, child("base_url"), "plan.value",
                          QStringLiteral(
                              "base_url \"%1\" must not have a path, query or fragment; routes "
                              "give the path")
                              .arg(e->value));
                else {
                    c.baseUrl = url;
                    if (!havePort) {
                        c.port = parsed.port(80);
                        havePort = true;
                        vars.insert(QStringLiteral("port"), QString::number(c.port));
                    }
                }
            }
        } else if (portValue) {
            if (havePort)
                c.baseUrl = QStringLiteral("http://127.0.0.1:%1").arg(c.port);
        } else {
            error(obj, path, "plan.missing-key",
                  QStringLiteral("missing required key \"port\" (or \"base_url\")"));
        }

        if (const JsonValue *v = require(obj, path, QStringLiteral("command")))
            toArgv(*v, child("command"), &vars, portHint, c.command);

        c.cwd = m_baseDir;
        if (const JsonValue *v = obj.value(u"cwd"))
            readDirectory(*v, child("cwd"), vars, portHint, c.cwd);

        // secret_env before env: env needs to know which values are secret.
        const JsonValue *secretValue = obj.value(u"secret_env");
        if (secretValue)
            toArgvLike(*secretValue, child("secret_env"), c.secretEnv);
        if (const JsonValue *v = obj.value(u"env")) {
            if (!v->isObject()) {
                typeError(*v, child("env"), QStringLiteral("an object of strings"));
            } else {
                static const QRegularExpression envName(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
                for (const JsonMember &m : v->members) {
                    const QString p = jsonChildPath(child("env"), m.key);
                    if (!envName.match(m.key).hasMatch()) {
                        error(
                            m.line, m.column, p, "plan.value",
                            QStringLiteral("invalid environment variable name \"%1\"").arg(m.key));
                        continue;
                    }
                    if (!m.value.isString()) {
                        typeError(m.value, p, QStringLiteral("a string"));
                        continue;
                    }
                    const std::optional<Expansion> e = expand(m.value, p, vars, portHint);
                    if (!e)
                        continue;
                    c.env.insert(m.key, e->value);
                    if (c.secretEnv.contains(m.key))
                        markSecret(m.value, *e);
                }
            }
        }
        if (secretValue && secretValue->isArray()) {
            for (size_t i = 0; i < secretValue->items.size(); ++i) {
                const JsonValue &item = secretValue->items[i];
                if (item.isString() &&
                    !(obj.value(u"env") && obj.value(u"env")->member(item.string)))
                    error(item, jsonIndexPath(child("secret_env"), qsizetype(i)), "plan.value",
                          QStringLiteral("secret_env names \"%1\", which is not a key of \"env\"")
                              .arg(item.string));
            }
        }

        if (const JsonValue *v = obj.value(u"ready")) {
            const QString p = child("ready");
            if (expectObject(*v, p, L({"path", "status", "timeout_s"}))) {
                if (const JsonValue *x = v->value(u"path"))
                    readRequestPath(*x, jsonChildPath(p, QStringLiteral("path")), c.ready.path);
                if (const JsonValue *x = v->value(u"status"))
                    toInt(*x, jsonChildPath(p, QStringLiteral("status")), 100, 599, c.ready.status);
                if (const JsonValue *x = v->value(u"timeout_s"))
                    toSeconds(*x, jsonChildPath(p, QStringLiteral("timeout_s")), true,
                              c.ready.timeoutMs);
            }
        }
        if (const JsonValue *v = obj.value(u"stop")) {
            const QString p = child("stop");
            if (expectObject(*v, p, L({"signal", "grace_s"}))) {
                if (const JsonValue *x = v->value(u"signal")) {
                    QStringList names;
                    for (const SignalName &s : kSignals)
                        names.append(QString::fromLatin1(s.name));
                    int index = 0;
                    if (toEnum(*x, jsonChildPath(p, QStringLiteral("signal")), names, index)) {
                        c.stop.signal = kSignals[index].number;
                        c.stop.signalName = names[index];
                    }
                }
                if (const JsonValue *x = v->value(u"grace_s"))
                    toSeconds(*x, jsonChildPath(p, QStringLiteral("grace_s")), false,
                              c.stop.graceMs);
            }
        }
        if (const JsonValue *v = obj.value(u"versions")) {
            if (!v->isObject()) {
                typeError(*v, child("versions"), QStringLiteral("an object of name -> argv"));
            } else {
                for (const JsonMember &m : v->members) {
                    VersionProbe probe;
                    probe.name = m.key;
                    if (m.key.isEmpty())
                        error(m.line, m.column, jsonChildPath(child("versions"), m.key),
                              "plan.value", QStringLiteral("a version name must not be empty"));
                    else if (toArgv(m.value, jsonChildPath(child("versions"), m.key), &vars,
                                    portHint, probe.command))
                        c.versions.append(probe);
                }
            }
        }
        if (const JsonValue *v = obj.value(u"hooks"))
            readHookSet(*v, child("hooks"),
                        L({"before_run", "before_configuration", "before_route", "before_window"}),
                        vars, portHint, c.hooks);
        return int(m_diags.size()) == before;
    }

    // A JSON array of plain strings.
    bool toArgvLike(const JsonValue &v, const QString &path, QStringList &out)
    {
        if (!v.isArray()) {
            typeError(v, path, QStringLiteral("an array of strings"));
            return false;
        }
        bool ok = true;
        QStringList result;
        for (size_t i = 0; i < v.items.size(); ++i) {
            QString s;
            if (toString(v.items[i], jsonIndexPath(path, qsizetype(i)), s, true))
                result.append(s);
            else
                ok = false;
        }
        if (ok)
            out = result;
        return ok;
    }

    void readDirectory(const JsonValue &v, const QString &path, const PlanVariables &vars,
                       const QString &portHint, QString &out)
    {
        QString raw;
        if (!toString(v, path, raw, true))
            return;
        const std::optional<Expansion> e = expand(v, path, vars, portHint);
        if (!e)
            return;
        const QString dir = resolvePath(e->value);
        if (!QFileInfo(dir).isDir()) {
            error(v, path, "plan.file",
                  QStringLiteral("working directory \"%1\" does not exist (resolved to %2)")
                      .arg(e->value, dir));
            return;
        }
        out = dir;
    }

    bool readRequestPath(const JsonValue &v, const QString &path, QString &out)
    {
        QString s;
        if (!toString(v, path, s))
            return false;
        if (!s.startsWith(QLatin1Char('/'))) {
            error(v, path, "plan.value", QStringLiteral("path \"%1\" must start with '/'").arg(s));
            return false;
        }
        for (const QChar ch : std::as_const(s)) {
            if (ch.unicode() <= 0x20 || ch.unicode() == 0x7F) {
                error(v, path, "plan.value",
                      QStringLiteral("path \"%1\" must not contain spaces or control characters; "
                                     "percent-encode them")
                          .arg(s));
                return false;
            }
        }
        out = s;
        return true;
    }

    // ---- hooks -------------------------------------------------------------------------------

    void readHookSet(const JsonValue &obj, const QString &path, const QStringList &moments,
                     const PlanVariables &vars, const QString &portHint, HookSet &out)
    {
        if (!expectObject(obj, path, moments))
            return;
        for (const JsonMember &m : obj.members) {
            QList<Hook> *list = nullptr;
            if (m.key == QLatin1String("before_run"))
                list = &out.beforeRun;
            else if (m.key == QLatin1String("before_configuration"))
                list = &out.beforeConfiguration;
            else if (m.key == QLatin1String("before_route"))
                list = &out.beforeRoute;
            else if (m.key == QLatin1String("before_window"))
                list = &out.beforeWindow;
            if (!list || !moments.contains(m.key))
                continue;
            const QString p = jsonChildPath(path, m.key);
            if (!m.value.isArray()) {
                typeError(m.value, p, QStringLiteral("an array of hooks"));
                continue;
            }
            for (size_t i = 0; i < m.value.items.size(); ++i) {
                Hook hook;
                if (readHook(m.value.items[i], jsonIndexPath(p, qsizetype(i)), vars, portHint,
                             hook))
                    list->append(hook);
            }
        }
    }

    bool readHook(const JsonValue &obj, const QString &path, const PlanVariables &vars,
                  const QString &portHint, Hook &hook)
    {
        if (!expectObject(obj, path, L({"sql", "command", "cwd", "timeout_s"})))
            return false;
        const int before = int(m_diags.size());
        hook.where = where(obj, path);
        hook.cwd = m_baseDir;
        const JsonValue *sql = obj.value(u"sql");
        const JsonValue *command = obj.value(u"command");
        if (sql && command) {
            error(obj, path, "plan.value",
                  QStringLiteral("a hook has either \"sql\" or \"command\", not both"));
        } else if (!sql && !command) {
            error(obj, path, "plan.missing-key",
                  QStringLiteral("missing required key \"sql\" or \"command\""));
        } else if (sql) {
            hook.kind = Hook::Kind::Sql;
            const QString p = jsonChildPath(path, QStringLiteral("sql"));
            if (toString(*sql, p, hook.sql, true) && !m_hasDatabase)
                error(*sql, p, "plan.value",
                      QStringLiteral("\"sql\" hook needs a top-level \"database\""));
            if (const JsonValue *cwd = obj.value(u"cwd"))
                error(*cwd, jsonChildPath(path, QStringLiteral("cwd")), "plan.value",
                      QStringLiteral("\"cwd\" applies to command hooks only"));
        } else {
            hook.kind = Hook::Kind::Command;
            toArgv(*command, jsonChildPath(path, QStringLiteral("command")), &vars, portHint,
                   hook.command);
            if (const JsonValue *cwd = obj.value(u"cwd"))
                readDirectory(*cwd, jsonChildPath(path, QStringLiteral("cwd")), vars, portHint,
                              hook.cwd);
        }
        if (const JsonValue *v = obj.value(u"timeout_s"))
            toSeconds(*v, jsonChildPath(path, QStringLiteral("timeout_s")), true, hook.timeoutMs);
        return int(m_diags.size()) == before;
    }

    // ---- routes and parity -------------------------------------------------------------------

    // method, path, headers, body, expect.
    void readRequest(const JsonValue &obj, const QString &path, RequestSpec &r)
    {
        auto child = [&](const char *key) { return jsonChildPath(path, QString::fromLatin1(key)); };
        if (const JsonValue *v = obj.value(u"method")) {
            int index = 0;
            if (toEnum(*v, child("method"), kMethods, index))
                r.method = kMethods[index];
        }
        if (const JsonValue *v = require(obj, path, QStringLiteral("path")))
            readRequestPath(*v, child("path"), r.path);
        if (const JsonValue *v = obj.value(u"headers")) {
            if (!v->isObject()) {
                typeError(*v, child("headers"), QStringLiteral("an object of strings"));
            } else {
                static const QRegularExpression token(
                    QStringLiteral("^[!#$%&'*+.^_`|~0-9A-Za-z-]+$"));
                for (const JsonMember &m : v->members) {
                    const QString p = jsonChildPath(child("headers"), m.key);
                    if (!token.match(m.key).hasMatch()) {
                        error(m.line, m.column, p, "plan.value",
                              QStringLiteral("invalid header name \"%1\"").arg(m.key));
                        continue;
                    }
                    if (m.key.compare(QLatin1String("Content-Length"), Qt::CaseInsensitive) == 0 ||
                        m.key.compare(QLatin1String("Transfer-Encoding"), Qt::CaseInsensitive) ==
                            0) {
                        error(m.line, m.column, p, "plan.value",
                              QStringLiteral("\"%1\" is set by Stackbench from the body; remove it")
                                  .arg(m.key));
                        continue;
                    }
                    QString value;
                    if (!toString(m.value, p, value))
                        continue;
                    if (value.contains(QLatin1Char('\r')) || value.contains(QLatin1Char('\n'))) {
                        error(m.value, p, "plan.value",
                              QStringLiteral("a header value must not contain line breaks"));
                        continue;
                    }
                    r.headers.append(Header{m.key, value});
                }
            }
        }
        if (const JsonValue *v = obj.value(u"body")) {
            bool json = false;
            if (v->isObject() || v->isArray()) {
                r.hasBody = true;
                r.body = v->toCompactJson();
                json = true;
            } else if (!v->isString()) {
                typeError(*v, child("body"),
                          QStringLiteral("a string, \"@file\", an object or an array"));
            } else if (v->string.startsWith(QLatin1String("@@"))) {
                r.hasBody = true;
                r.body = v->string.mid(1).toUtf8();
            } else if (v->string.startsWith(QLatin1Char('@'))) {
                const QString name = v->string.mid(1);
                const QString file = resolvePath(name);
                QFile f(file);
                if (name.isEmpty()) {
                    error(*v, child("body"), "plan.file",
                          QStringLiteral("\"@\" must be followed by a file name"));
                } else if (!QFileInfo(file).isFile()) {
                    error(*v, child("body"), "plan.file",
                          QStringLiteral("body file \"%1\" not found (resolved to %2)")
                              .arg(name, file));
                } else if (!f.open(QIODevice::ReadOnly)) {
                    error(
                        *v, child("body"), "plan.file",
                        QStringLiteral("cannot read body file %1: %2").arg(file, f.errorString()));
                } else {
                    r.hasBody = true;
                    r.body = f.readAll();
                    r.bodyFile = file;
                    m_plan.referencedFiles.append(file);
                    json = file.endsWith(QLatin1String(".json"), Qt::CaseInsensitive);
                }
            } else {
                r.hasBody = true;
                r.body = v->string.toUtf8();
            }
            if (json && r.header(QStringLiteral("Content-Type")).isNull())
                r.headers.append(
                    Header{QStringLiteral("Content-Type"), QStringLiteral("application/json")});
        }
        if (const JsonValue *v = obj.value(u"expect"))
            toInt(*v, child("expect"), 100, 599, r.expectStatus);
    }

    void readRoutes(const JsonValue &v, const QString &path)
    {
        if (!v.isArray()) {
            typeError(v, path, QStringLiteral("an array of routes"));
            return;
        }
        if (v.items.empty()) {
            error(v, path, "plan.value", QStringLiteral("at least one route is required"));
            return;
        }
        QHash<QString, const JsonValue *> seen;
        for (size_t i = 0; i < v.items.size(); ++i) {
            const JsonValue &obj = v.items[i];
            const QString p = jsonIndexPath(path, qsizetype(i));
            if (!expectObject(obj, p,
                              L({"name", "method", "path", "headers", "body", "expect", "hooks"})))
                continue;
            Route r;
            r.where = where(obj, p);
            if (const JsonValue *n = require(obj, p, QStringLiteral("name"))) {
                if (toString(*n, jsonChildPath(p, QStringLiteral("name")), r.name, true))
                    checkUnique(seen, *n, jsonChildPath(p, QStringLiteral("name")),
                                QStringLiteral("route"));
            }
            readRequest(obj, p, r);
            if (const JsonValue *h = obj.value(u"hooks"))
                readHookSet(*h, jsonChildPath(p, QStringLiteral("hooks")),
                            L({"before_route", "before_window"}), m_vars, QString(), r.hooks);
            m_plan.routes.append(r);
        }
    }

    void readParity(const JsonValue &v, const QString &path)
    {
        if (!v.isArray()) {
            typeError(v, path, QStringLiteral("an array of parity checks"));
            return;
        }
        QHash<QString, const JsonValue *> seen;
        for (size_t i = 0; i < v.items.size(); ++i) {
            const JsonValue &obj = v.items[i];
            const QString p = jsonIndexPath(path, qsizetype(i));
            if (!expectObject(obj, p,
                              L({"name", "method", "path", "headers", "body", "expect",
                                 "content_type", "json"})))
                continue;
            ParityCheck c;
            c.where = where(obj, p);
            if (const JsonValue *n = require(obj, p, QStringLiteral("name"))) {
                if (toString(*n, jsonChildPath(p, QStringLiteral("name")), c.name, true))
                    checkUnique(seen, *n, jsonChildPath(p, QStringLiteral("name")),
                                QStringLiteral("parity check"));
            }
            readRequest(obj, p, c);
            if (const JsonValue *ct = obj.value(u"content_type"))
                toString(*ct, jsonChildPath(p, QStringLiteral("content_type")), c.contentType,
                         true);
            if (const JsonValue *j = obj.value(u"json")) {
                const QString jp = jsonChildPath(p, QStringLiteral("json"));
                if (!j->isArray()) {
                    typeError(*j, jp, QStringLiteral("an array of field checks"));
                } else {
                    for (size_t k = 0; k < j->items.size(); ++k) {
                        JsonFieldCheck check;
                        if (readFieldCheck(j->items[k], jsonIndexPath(jp, qsizetype(k)), check))
                            c.json.append(check);
                    }
                }
            }
            m_plan.parity.append(c);
        }
    }

    bool readFieldCheck(const JsonValue &obj, const QString &path, JsonFieldCheck &check)
    {
        if (!expectObject(obj, path, L({"field", "present", "equals"})))
            return false;
        bool ok = true;
        if (const JsonValue *f = require(obj, path, QStringLiteral("field"))) {
            const QString fp = jsonChildPath(path, QStringLiteral("field"));
            if (toString(*f, fp, check.field, true)) {
                check.segments = check.field.split(QLatin1Char('.'));
                if (check.segments.contains(QString())) {
                    error(*f, fp, "plan.value",
                          QStringLiteral("field \"%1\" has an empty segment; write a dotted path "
                                         "like \"items.0.id\"")
                              .arg(check.field));
                    ok = false;
                }
            } else {
                ok = false;
            }
        } else {
            ok = false;
        }
        if (const JsonValue *p = obj.value(u"present")) {
            bool b = false;
            if (toBool(*p, jsonChildPath(path, QStringLiteral("present")), b))
                check.present = b;
            else
                ok = false;
        }
        if (const JsonValue *e = obj.value(u"equals"))
            check.equals = e->toQJsonValue();
        if (!obj.value(u"present") && !obj.value(u"equals")) {
            error(obj, path, "plan.missing-key",
                  QStringLiteral("missing required key \"present\" or \"equals\""));
            ok = false;
        } else if (check.present == false && check.equals) {
            error(obj, path, "plan.value",
                  QStringLiteral("\"present\": false contradicts \"equals\"; give one of them"));
            ok = false;
        }
        return ok;
    }

    // ---- settings and profiles ---------------------------------------------------------------

    void readSampler(const JsonValue &obj, const QString &path)
    {
        if (!expectObject(obj, path,
                          L({"interval_ms", "exclude", "foreign_gate_pct", "sleep_gap_s"})))
            return;
        SamplerSettings &s = m_plan.sampler;
        auto child = [&](const char *key) { return jsonChildPath(path, QString::fromLatin1(key)); };
        if (const JsonValue *v = obj.value(u"interval_ms"))
            toInt(*v, child("interval_ms"), 100, 60000, s.intervalMs);
        if (const JsonValue *v = obj.value(u"exclude"))
            toArgvLike(*v, child("exclude"), s.exclude);
        if (const JsonValue *v = obj.value(u"foreign_gate_pct"))
            toNumber(*v, child("foreign_gate_pct"), true, 1.0e6, s.foreignGatePct);
        if (const JsonValue *v = obj.value(u"sleep_gap_s"))
            toSeconds(*v, child("sleep_gap_s"), true, s.sleepGapMs);
    }

    void readLoad(const JsonValue &obj, const QString &path)
    {
        if (!expectObject(obj, path, L({"threads", "timeout_s", "mode", "rate"})))
            return;
        LoadSettings &l = m_plan.load;
        auto child = [&](const char *key) { return jsonChildPath(path, QString::fromLatin1(key)); };
        if (const JsonValue *v = obj.value(u"threads"))
            toInt(*v, child("threads"), 1, 256, l.threads);
        if (const JsonValue *v = obj.value(u"timeout_s"))
            toSeconds(*v, child("timeout_s"), true, l.timeoutMs);
        const JsonValue *mode = obj.value(u"mode");
        bool modeOk = true;
        if (mode) {
            int index = 0;
            modeOk = toEnum(*mode, child("mode"), L({"closed", "open"}), index);
            if (modeOk)
                l.mode = index == 0 ? LoadSettings::Mode::Closed : LoadSettings::Mode::Open;
        }
        const JsonValue *rate = obj.value(u"rate");
        bool rateOk = true;
        if (rate)
            rateOk = toNumber(*rate, child("rate"), false, 1.0e9, l.rateRps);
        if (!modeOk || !rateOk)
            return;
        const QString needRate =
            QStringLiteral("mode \"open\" needs \"rate\" > 0 (requests per second)");
        if (l.mode == LoadSettings::Mode::Open && !rate)
            error(*mode, child("mode"), "plan.missing-key", needRate);
        else if (l.mode == LoadSettings::Mode::Open && l.rateRps <= 0)
            error(*rate, child("rate"), "plan.range", needRate);
        else if (l.mode == LoadSettings::Mode::Closed && l.rateRps > 0)
            error(*rate, child("rate"), "plan.value",
                  QStringLiteral("\"rate\" applies only to mode \"open\"; closed mode sends as "
                                 "fast as answers come"));
    }

    void readProfiles(const JsonValue &v, const QString &path)
    {
        if (!v.isObject()) {
            typeError(v, path, QStringLiteral("an object of profiles"));
            return;
        }
        if (v.members.empty()) {
            error(v, path, "plan.value",
                  QStringLiteral("at least one profile is required (e.g. \"quick\")"));
            return;
        }
        static const QRegularExpression nameRe(QStringLiteral("^[A-Za-z0-9_.-]+$"));
        for (const JsonMember &m : v.members) {
            const QString p = jsonChildPath(path, m.key);
            if (!nameRe.match(m.key).hasMatch()) {
                error(m.line, m.column, p, "plan.value",
                      QStringLiteral(
                          "invalid profile name \"%1\"; use letters, digits, '_', '.' and '-'")
                          .arg(m.key));
                continue;
            }
            Profile profile;
            profile.name = m.key;
            if (readProfile(m.value, p, profile))
                m_plan.profiles.append(profile);
        }
    }

    bool readProfile(const JsonValue &obj, const QString &path, Profile &pr)
    {
        if (!expectObject(obj, path,
                          L({"rounds", "concurrency", "warmup", "measure_s", "settle_s",
                             "cooldown_s", "order", "process", "retries"})))
            return false;
        const int before = int(m_diags.size());
        auto child = [&](const char *key) { return jsonChildPath(path, QString::fromLatin1(key)); };
        if (const JsonValue *v = obj.value(u"rounds"))
            toInt(*v, child("rounds"), 1, 1000000, pr.rounds);
        if (const JsonValue *v = require(obj, path, QStringLiteral("concurrency"))) {
            if (!v->isArray()) {
                typeError(*v, child("concurrency"), QStringLiteral("an array of integers"));
            } else if (v->items.empty()) {
                error(*v, child("concurrency"), "plan.value",
                      QStringLiteral("at least one concurrency is required"));
            } else {
                for (size_t i = 0; i < v->items.size(); ++i) {
                    const QString ip = jsonIndexPath(child("concurrency"), qsizetype(i));
                    int c = 0;
                    if (!toInt(v->items[i], ip, 1, 100000, c))
                        continue;
                    if (pr.concurrency.contains(c))
                        error(v->items[i], ip, "plan.duplicate",
                              QStringLiteral("duplicate concurrency %1").arg(c));
                    else
                        pr.concurrency.append(c);
                }
            }
        }
        if (const JsonValue *v = obj.value(u"warmup"))
            readWarmup(*v, child("warmup"), pr.warmup);
        if (const JsonValue *v = obj.value(u"measure_s"))
            toSeconds(*v, child("measure_s"), true, pr.measureMs);
        if (const JsonValue *v = obj.value(u"settle_s"))
            toSeconds(*v, child("settle_s"), false, pr.settleMs);
        if (const JsonValue *v = obj.value(u"cooldown_s"))
            toSeconds(*v, child("cooldown_s"), false, pr.cooldownMs);
        int index = 0;
        if (const JsonValue *v = obj.value(u"order");
            v && toEnum(*v, child("order"), L({"rotate", "alternate", "fixed"}), index))
            pr.order = Profile::Order(index);
        if (const JsonValue *v = obj.value(u"process");
            v && toEnum(*v, child("process"), L({"round", "window", "once"}), index))
            pr.process = Profile::Process(index);
        if (const JsonValue *v = obj.value(u"retries"))
            toInt(*v, child("retries"), 0, 1000, pr.retries);
        return int(m_diags.size()) == before;
    }

    void readWarmup(const JsonValue &v, const QString &path, Warmup &w)
    {
        if (v.isNumber()) {
            w.kind = Warmup::Kind::Duration;
            toSeconds(v, path, false, w.durationMs);
            return;
        }
        if (!v.isString()) {
            typeError(v, path,
                      QStringLiteral("a duration (\"5s\") or a request count (\"1000req\")"));
            return;
        }
        static const QRegularExpression re(QStringLiteral("^(\\d+(?:\\.\\d+)?)(ms|s|m|req)$"));
        const QRegularExpressionMatch match = re.match(v.string);
        const QString usage =
            QStringLiteral("invalid warm-up \"%1\"; use a duration (\"500ms\", \"5s\", \"2m\") or "
                           "a request count (\"1000req\")")
                .arg(v.string);
        if (!match.hasMatch()) {
            error(v, path, "plan.value", usage);
            return;
        }
        const double amount = match.captured(1).toDouble();
        const QString unit = match.captured(2);
        if (unit == QLatin1String("req")) {
            if (match.captured(1).contains(QLatin1Char('.')) || amount < 1 || amount > 1.0e12) {
                error(v, path, "plan.value", usage);
                return;
            }
            w.kind = Warmup::Kind::Requests;
            w.requests = qint64(amount);
            w.durationMs = 0;
            return;
        }
        const double factor = unit == QLatin1String("ms")  ? 1.0
                              : unit == QLatin1String("s") ? 1000.0
                                                           : 60000.0;
        const double ms = amount * factor;
        if (ms > 365.0 * 24 * 3600 * 1000) {
            error(v, path, "plan.range",
                  QStringLiteral("warm-up \"%1\" is longer than a year").arg(v.string));
            return;
        }
        w.kind = Warmup::Kind::Duration;
        w.durationMs = qint64(std::llround(ms));
        w.requests = 0;
    }

    QString m_file;
    QString m_baseDir;
    PlanVariables m_vars;
    QList<Diagnostic> m_diags;
    Plan m_plan;
    bool m_hasDatabase = false;
};

} // namespace

PlanLoad loadPlan(const QString &path, const PlanVariables &variables)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        PlanLoad result;
        Diagnostic d;
        d.file = path;
        d.jsonPath = QStringLiteral("$");
        d.code = QStringLiteral("plan.io");
        d.message = QStringLiteral("cannot read the plan file: %1").arg(file.errorString());
        result.diagnostics.append(d);
        return result;
    }
    const QByteArray text = file.readAll();
    const QFileInfo info(path);
    Loader loader(path, info.absolutePath(), variables);
    return loader.load(text, QDir::cleanPath(info.absoluteFilePath()));
}

PlanLoad parsePlan(const QByteArray &text, const QString &fileNameForMessages,
                   const QString &baseDir, const PlanVariables &variables)
{
    Loader loader(fileNameForMessages, baseDir, variables);
    return loader.load(text, QString());
}

} // namespace sb::plan
