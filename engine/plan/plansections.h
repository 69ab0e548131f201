#pragma once

// The loader's section readers (internal to engine/plan), one per part of a plan file, each
// filling its part of the Plan and reporting problems through the context's FieldReader:
//   settingssection.cpp       database, sampler, load, profiles
//   configurationsection.cpp  configurations
//   requestsection.cpp        routes and parity checks
//   hooksection.cpp           hooks (plan-wide, per configuration, per route)
//   variablesection.cpp       variables
//   hostsection.cpp           hosts, the load's hosts, a configuration's host
// planloader.cpp reads the root object and calls them in file-format order. Not shared between
// threads.

#include "jsonparser.h"
#include "placeholders.h"
#include "plan.h"
#include "planfields.h"
#include "plansecrets.h"

#include <QByteArray>
#include <QDir>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace sb::plan {

// What every section reader works with while one plan is loaded.
struct SectionContext
{
    FieldReader &fields;
    const Placeholders &placeholders; // plan-wide: no ${port}
    SecretBook &secrets;
    Plan &plan;
    QString baseDir;                     // absolute directory relative paths are resolved against
    bool hasDatabase = false;            // a "database" key is present (even an invalid one)
    QStringList variableNames = {};      // the names "variables" gives (also of invalid ones)
    QStringList profileNames = {};       // the names "profiles" gives (also of invalid ones)
    QStringList configurationNames = {}; // the names "configurations" gives (also of invalid
                                         // ones)
    QHash<QString, QByteArray> bodies = {}; // "@file" bodies read so far, by absolute path
    // Where each CPU set was given, for the overlap warnings once every section is read.
    struct CpuSetAt
    {
        const JsonValue *at = nullptr; // the "cpus" value
        QString path;                  // its JSON path
        QString owner;                 // the configuration's name
        std::vector<int> cpus;
    };
    QList<CpuSetAt> configurationCpus = {};
    CpuSetAt loadCpus = {};
    // The "tls" keys each configuration gives (by name), laid over the plan's "load" "tls" once
    // every section is read (applyTlsSettings()).
    struct TlsKeys
    {
        std::optional<bool> insecure;
        std::optional<QString> caFile;
    };
    QHash<QString, TlsKeys> configurationTls = {};
    // The "protocol" and "streams" keys of "load" (name empty) and of each configuration (by
    // name), laid over each other once every section is read (applyProtocolSettings()); the
    // values are kept for the positions of errors.
    struct ProtocolKeys
    {
        std::optional<HttpProtocol> protocol;
        const JsonValue *protocolAt = nullptr;
        QString protocolPath;
        std::optional<int> streams;
        const JsonValue *streamsAt = nullptr;
        QString streamsPath;
    };
    ProtocolKeys loadProtocol = {};
    QHash<QString, ProtocolKeys> configurationProtocol = {};

    // `p` made absolute against baseDir, cleaned.
    QString resolvePath(const QString &p) const
    {
        return QDir::cleanPath(QDir(baseDir).absoluteFilePath(p));
    }
};

void readDatabase(SectionContext &ctx, const JsonValue &obj, const QString &path);
void readConfigurations(SectionContext &ctx, const JsonValue &v, const QString &path);
void readRoutes(SectionContext &ctx, const JsonValue &v, const QString &path);
void readParity(SectionContext &ctx, const JsonValue &v, const QString &path);
// The hooks object at `path`, at `level` (HookMoment::Level: the moments allowed there); hooks
// expand with `placeholders`.
void readHookSet(SectionContext &ctx, const JsonValue &obj, const QString &path, int level,
                 const Placeholders &placeholders, HookSet &out);
// The keys of the moments allowed at `level` (a bit set of HookMoment::Level), in run order.
QStringList hookMomentKeys(int level);
// "variables" (before any other section: ${var:} needs the names); sets the names on the plan.
void readVariables(SectionContext &ctx, const JsonValue &obj, const QString &path);
// A "secret_headers" array of header names.
bool readSecretHeaders(FieldReader &f, const JsonValue &v, const QString &path, QStringList &out);
// Warns when a plan-level secret header is sent by no route or parity check.
void warnUnusedSecretHeaders(SectionContext &ctx, const JsonValue &v, const QString &path);
// "default_profile" (after "profiles"): it must name one of them.
void readDefaultProfile(SectionContext &ctx, const JsonValue &v, const QString &path);
// "baseline" (after "configurations"): it must name one of them.
void readBaseline(SectionContext &ctx, const JsonValue &v, const QString &path);
// A request target ("/users/1?x=${var:id}"): a string, expanded, that starts with '/' and has no
// spaces or control characters.
bool readRequestTarget(SectionContext &ctx, const Placeholders &placeholders, const JsonValue &v,
                       const QString &path, QString &out);
void readSampler(SectionContext &ctx, const JsonValue &obj, const QString &path);
void readLoad(SectionContext &ctx, const JsonValue &obj, const QString &path);
void readProfiles(SectionContext &ctx, const JsonValue &v, const QString &path);
// Warns (PlanLoad::warnings) about each configuration's CPU set that overlaps the load engine's.
void warnCpuOverlaps(SectionContext &ctx);

// A port given as a string of placeholders ("${env:PGPORT}", the demo's "${demo_port_native}"),
// `expanded` its text once expanded: the port in `out`, or a "plan.value" error at `v` and false.
bool expandedPort(SectionContext &ctx, const JsonValue &v, const QString &path,
                  const QString &expanded, int &out);

// A "tls" object ({"insecure": bool, "ca_file": "path"}): the keys it gives. ca_file is
// expanded, resolved and must be a readable file ("plan.file" at its position otherwise).
void readTls(SectionContext &ctx, const JsonValue &v, const QString &path,
             const Placeholders &placeholders, SectionContext::TlsKeys &out);
// Each configuration's TLS settings: the plan's "load" "tls" with its own keys over it.
void applyTlsSettings(SectionContext &ctx);

// "protocol" ("http/1.1" | "h2") and "streams" (1 .. kMaxStreams) of `obj` ("load" or a
// configuration at `path`), when given, into `out` (protocol.cpp).
void readProtocolKeys(SectionContext &ctx, const JsonValue &obj, const QString &path,
                      SectionContext::ProtocolKeys &out);
// Each configuration's protocol and streams: the plan's "load" keys with its own over them;
// streams > 1 where the protocol is not h2 is an error at the streams key.
void applyProtocolSettings(SectionContext &ctx);
// "hosts" at the root, then "load" "hosts" and each configuration's "host" (hostsection.cpp;
// after "configurations" and "load"): names checked, each a defined host (or "local").
void readHosts(SectionContext &ctx, const JsonValue &root);

// A working directory: a non-empty string, expanded, resolved, and an existing directory.
void readDirectory(SectionContext &ctx, const JsonValue &v, const QString &path,
                   const Placeholders &placeholders, QString &out);

} // namespace sb::plan
