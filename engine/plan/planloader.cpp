#include "planloader.h"

#include "core/enginetext.h"
#include "core/qterror.h"
#include "jsonparser.h"
#include "limitedfile.h"
#include "plansections.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
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
    if (line == 0) // the file as a whole: no position, no path
        return sb::qtError(code, file, message);
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
        return sb::qtError(QStringLiteral("plan.io"), QString(),
                           trEngine("sb::plan", "no plan loaded"));
    sb::Error e = diagnostics.constFirst().toError();
    if (diagnostics.size() > 1)
        e.detail += trEngine("sb::plan", " (and %1 more problems)")
                        .arg(diagnostics.size() - 1)
                        .toStdString();
    return e;
}

namespace {

// Reads one plan: parses the text, reads the root object section by section, and collects the
// diagnostics.
class Loader
{
public:
    Loader(const QString &file, const QString &baseDir, const PlanVariables &variables)
        : m_fields(file)
        , m_placeholders(m_fields, withStackbench(variables))
        , m_ctx{m_fields, m_placeholders, m_secrets, m_plan,
                QDir::cleanPath(QDir(baseDir).absolutePath())}
    {}

    PlanLoad load(const QByteArray &text, const QString &filePath)
    {
        m_plan.filePath = filePath;
        m_plan.baseDir = m_ctx.baseDir;
        m_plan.text = text;
        m_plan.sha256 = QCryptographicHash::hash(text, QCryptographicHash::Sha256).toHex();
        m_plan.sampler.machineCores = machineCoreCount();

        const JsonParseResult parsed = parseJson(text);
        for (const JsonIssue &issue : parsed.issues)
            m_fields.error(issue.line, issue.column, issue.path,
                           issue.fatal || issue.syntax ? "plan.syntax" : "plan.duplicate",
                           issue.message);
        if (parsed.ok()) {
            readRoot(parsed.root);
            m_secrets.markRepeats(parsed.root);
            m_secrets.warnShort(m_fields);
        }

        PlanLoad result;
        result.diagnostics = m_fields.takeErrors();
        result.warnings = m_fields.takeWarnings();
        if (result.diagnostics.isEmpty()) {
            m_plan.referencedFiles.sort();
            m_plan.referencedFiles.removeDuplicates();
            m_secrets.moveInto(m_plan);
            result.plan = std::move(m_plan);
        }
        return result;
    }

private:
    static PlanVariables withStackbench(PlanVariables variables)
    {
        if (!variables.contains(QStringLiteral("stackbench")))
            variables.insert(QStringLiteral("stackbench"),
                             QCoreApplication::instance() ? QCoreApplication::applicationFilePath()
                                                          : QStringLiteral("stackbench"));
        return variables;
    }

    void readFormat(const JsonValue &root)
    {
        const JsonValue *v = m_fields.require(root, QStringLiteral("$"), QStringLiteral("format"));
        int format = 0;
        if (!v || !m_fields.integer(*v, QStringLiteral("$.format"), std::numeric_limits<int>::min(),
                                    std::numeric_limits<int>::max(), format))
            return;
        if (format != 1)
            m_fields.error(
                *v, QStringLiteral("$.format"), "plan.range",
                trEngine("sb::plan",
                         "unsupported format %1; this version of Stackbench reads format 1")
                    .arg(format));
        m_plan.format = format;
    }

    // The keys other sections depend on, wherever they stand in the file: the variables (for
    // ${var:}) and the plan's secret headers (for every request's).
    void readFirst(const JsonValue &root)
    {
        if (const JsonValue *v = root.value(u"variables")) {
            readVariables(m_ctx, *v, QStringLiteral("$.variables"));
            m_placeholders.setPlanVariables(m_ctx.variableNames);
        }
        if (const JsonValue *v = root.value(u"secret_headers"))
            readSecretHeaders(m_fields, *v, QStringLiteral("$.secret_headers"),
                              m_plan.secretHeaders);
    }

    void readRoot(const JsonValue &root)
    {
        const QString path = QStringLiteral("$");
        if (!m_fields.expectObject(
                root, path,
                latin1List({"format", "name", "description", "database", "configurations", "routes",
                            "parity", "hooks", "sampler", "load", "profiles", "variables",
                            "secret_headers", "default_profile", "baseline", "hosts"})))
            return;
        readFormat(root);
        readFirst(root);
        if (const JsonValue *v = m_fields.require(root, path, QStringLiteral("name")))
            m_fields.name(*v, QStringLiteral("$.name"), m_plan.name);
        if (const JsonValue *v = root.value(u"description"))
            m_fields.string(*v, QStringLiteral("$.description"), m_plan.description);
        if (const JsonValue *v = root.value(u"database")) {
            m_ctx.hasDatabase = true; // even when invalid, so SQL hooks do not add a second error
            readDatabase(m_ctx, *v, QStringLiteral("$.database"));
        }
        if (const JsonValue *v = m_fields.require(root, path, QStringLiteral("configurations")))
            readConfigurations(m_ctx, *v, QStringLiteral("$.configurations"));
        if (const JsonValue *v = m_fields.require(root, path, QStringLiteral("routes")))
            readRoutes(m_ctx, *v, QStringLiteral("$.routes"));
        if (const JsonValue *v = root.value(u"parity"))
            readParity(m_ctx, *v, QStringLiteral("$.parity"));
        if (const JsonValue *v = root.value(u"hooks"))
            readHookSet(m_ctx, *v, QStringLiteral("$.hooks"), HookMoment::PlanLevel, m_placeholders,
                        m_plan.hooks);
        if (const JsonValue *v = root.value(u"sampler"))
            readSampler(m_ctx, *v, QStringLiteral("$.sampler"));
        m_plan.sampler.foreignGatePct =
            m_plan.sampler.foreignGate.percentOfOneCore(m_plan.sampler.machineCores);
        if (const JsonValue *v = root.value(u"load"))
            readLoad(m_ctx, *v, QStringLiteral("$.load"));
        applyTlsSettings(m_ctx);
        applyProtocolSettings(m_ctx);
        readHosts(m_ctx, root);
        if (const JsonValue *v = m_fields.require(root, path, QStringLiteral("profiles")))
            readProfiles(m_ctx, *v, QStringLiteral("$.profiles"));
        if (const JsonValue *v = root.value(u"default_profile"))
            readDefaultProfile(m_ctx, *v, QStringLiteral("$.default_profile"));
        if (const JsonValue *v = root.value(u"baseline"))
            readBaseline(m_ctx, *v, QStringLiteral("$.baseline"));
        if (const JsonValue *v = root.value(u"secret_headers"); v && v->isArray())
            warnUnusedSecretHeaders(m_ctx, *v, QStringLiteral("$.secret_headers"));
        warnCpuOverlaps(m_ctx);
    }

    FieldReader m_fields;
    Placeholders m_placeholders;
    SecretBook m_secrets;
    Plan m_plan;
    SectionContext m_ctx;
};

} // namespace

PlanLoad loadPlan(const QString &path, const PlanVariables &variables)
{
    const sb::Result<QByteArray> text = readLimitedFile(path);
    if (!text.ok()) {
        PlanLoad result;
        Diagnostic d;
        d.file = path;
        d.jsonPath = QStringLiteral("$");
        d.code = QStringLiteral("plan.io");
        d.message =
            trEngine("sb::plan", "cannot read the plan file: %1").arg(sb::qtDetail(text.error()));
        result.diagnostics.append(d);
        return result;
    }
    const QFileInfo info(path);
    Loader loader(path, info.absolutePath(), variables);
    return loader.load(*text, QDir::cleanPath(info.absoluteFilePath()));
}

PlanLoad parsePlan(const QByteArray &text, const QString &fileNameForMessages,
                   const QString &baseDir, const PlanVariables &variables)
{
    Loader loader(fileNameForMessages, baseDir, variables);
    return loader.load(text, QString());
}

} // namespace sb::plan
