#include "app/cli.h"
#include "app/commands.h"
#include "app/demo.h"
#include "app/reportoutput.h"
#include "app/runsession.h"
#include "core/qterror.h"
#include "report/reportmarkdown.h"
#include "report/runreport.h"
#include "target/targettls.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace sb::cli {

namespace {

const char *const kDescription =
    "Runs the built-in demo: the reference target (native) against a Python standard-library\n"
    "server (python) serving the same seven routes over SQLite, with 43 parity checks. Profiles:\n"
    "quick (about a minute), full (3 rounds, seed 000's protocol scaled to 2 cores), aa (native\n"
    "against itself, for the noise floor) and ci. Prints the summary with ratios, verdicts and\n"
    "where the ceiling is, and writes the Markdown report next to the store. The two servers\n"
    "listen on loopback ports chosen free at start (from 18201 up) and held by this demo, so a\n"
    "second demo at the same time takes others.\n"
    "The protocols profile runs another plan (protocols.json beside the Python server): the\n"
    "reference target over HTTP/1.1, HTTP/1.1 over TLS, HTTP/2 in clear text (h2c) and HTTP/2\n"
    "over TLS, the same parity checks on each and three routes measured (about 30 seconds); TLS\n"
    "uses a throwaway certificate the demo writes to its data directory and verifies against.";

const char *const kProtocolsProfile = "protocols";

// The directory holding the demo's Python server: the install, else the source tree.
QString demoDir()
{
    const QString installed = QDir(QCoreApplication::applicationDirPath() + QStringLiteral("/../") +
                                   QStringLiteral(STACKBENCH_DEMO_INSTALL_DIR))
                                  .absolutePath();
    if (QFile::exists(installed + QStringLiteral("/server.py")))
        return installed;
    return QStringLiteral(STACKBENCH_DEMO_SOURCE_DIR);
}

QByteArray sha256Hex(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

sb::Status writeFile(const QString &path, const QByteArray &text)
{
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate) || out.write(text) != text.size())
        return sb::qtError(QString::fromLatin1(kInputError), path,
                           QStringLiteral("cannot write the demo plan: ") + out.errorString());
    return sb::Ok{};
}

// The plan from the binary, copied to data_dir so that a resume finds the same file. A copy
// this program wrote and nobody changed since (its SHA-256 is recorded beside it) is rewritten
// when this build carries another version; an edited copy is kept as it is, never overwritten,
// and this build's plan is written beside it as demo.builtin.json (`*note` says so).
sb::Result<QString> demoPlanFile(const QString &dataDir, QString *note)
{
    QFile resource(QStringLiteral(":/plans/demo.json"));
    if (!resource.open(QIODevice::ReadOnly))
        return sb::qtError(QString::fromLatin1(kFailureError), resource.fileName(),
                           QStringLiteral("the demo plan is missing from this build"));
    const QByteArray text = resource.readAll();
    const QString path = dataDir + QStringLiteral("/demo.json");
    const QString record = dataDir + QStringLiteral("/.demo.json.sha256");
    QFile current(path);
    if (current.open(QIODevice::ReadOnly)) {
        const QByteArray onDisk = current.readAll();
        current.close();
        QFile recorded(record);
        const QByteArray written =
            recorded.open(QIODevice::ReadOnly) ? recorded.readAll().trimmed() : QByteArray();
        if (onDisk == text) {
            if (written != sha256Hex(text))
                (void)writeFile(record, sha256Hex(text)); // a record only spares a question
            return path;
        }
        if (written != sha256Hex(onDisk)) {
            const QString builtin = dataDir + QStringLiteral("/demo.builtin.json");
            if (sb::Status st = writeFile(builtin, text); !st.ok())
                return st.error();
            *note = QStringLiteral("%1 was edited: kept as it is (this build's demo plan is %2)")
                        .arg(QDir::toNativeSeparators(path), QDir::toNativeSeparators(builtin));
            return path;
        }
    }
    if (sb::Status st = writeFile(path, text); !st.ok())
        return st.error();
    (void)writeFile(record, sha256Hex(text));
    return path;
}

// Where the report goes: beside a store file, else into the demo's data directory.
QString reportPath(const QString &storeLocation, const QString &dataDir, const QString &runId)
{
    const QString store =
        storeLocation.isEmpty() ? store::RunStore::defaultLocation() : storeLocation;
    const QString dir =
        store.contains(QStringLiteral("://")) ? dataDir : QFileInfo(store).absolutePath();
    return dir + QStringLiteral("/demo-report-%1.md").arg(runId);
}

} // namespace

bool usesDemoVariables(const QString &planPath)
{
    QFile f(planPath);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray text = f.read(4 * 1024 * 1024);
    return text.contains("${demo_dir}") || text.contains("${demo_port_native}") ||
           text.contains("${demo_port_python}") || text.contains("${demo_port_https}") ||
           text.contains("${demo_port_h2c}") || text.contains("${demo_port_h2}");
}

sb::Result<DemoSetup> prepareDemo()
{
    DemoSetup setup;
    setup.dataDir = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
                    QStringLiteral("/demo");
    if (!QDir().mkpath(setup.dataDir))
        return sb::qtError(QString::fromLatin1(kInputError), setup.dataDir,
                           QStringLiteral("cannot create the demo's data directory"));
    const sb::Result<QString> plan = demoPlanFile(setup.dataDir, &setup.note);
    if (!plan.ok())
        return plan.error();
    setup.planPath = *plan;
    setup.demoDir = demoDir();
    setup.protocolsPlanPath = setup.demoDir + QStringLiteral("/protocols.json");
    const QString tlsDir = setup.dataDir + QStringLiteral("/tls");
    if (!QFile::exists(tlsDir + QStringLiteral("/cert.pem")) ||
        !QFile::exists(tlsDir + QStringLiteral("/key.pem"))) {
        if (!QDir().mkpath(tlsDir))
            return sb::qtError(QString::fromLatin1(kInputError), tlsDir,
                               QStringLiteral("cannot create the demo's certificate directory"));
        if (sb::Status st =
                target::writeSelfSignedCertificate(QFile::encodeName(tlsDir).toStdString());
            !st.ok())
            return st.error();
    }
    setup.variables.insert(QStringLiteral("stackbench"), QCoreApplication::applicationFilePath());
    setup.variables.insert(QStringLiteral("demo_dir"), setup.demoDir);
    setup.variables.insert(QStringLiteral("data_dir"), setup.dataDir);
    sb::Result<run::PortReservation> ports =
        run::PortReservation::reserve(kDemoPorts, kDemoFirstPort, kDemoLastPort);
    if (!ports.ok())
        return ports.error();
    setup.ports = std::move(*ports);
    setup.variables.insert(QStringLiteral("demo_port_native"),
                           QString::number(setup.ports.ports().at(0)));
    setup.variables.insert(QStringLiteral("demo_port_python"),
                           QString::number(setup.ports.ports().at(1)));
    setup.variables.insert(QStringLiteral("demo_port_https"),
                           QString::number(setup.ports.ports().at(2)));
    setup.variables.insert(QStringLiteral("demo_port_h2c"),
                           QString::number(setup.ports.ports().at(3)));
    setup.variables.insert(QStringLiteral("demo_port_h2"),
                           QString::number(setup.ports.ports().at(4)));
    return setup;
}

int demoCommand(const QStringList &args)
{
    CommandLine cl(QStringLiteral("demo"), QString::fromLatin1(kDescription));
    const QCommandLineOption profile =
        cl.option({QStringLiteral("profile")},
                  QStringLiteral("quick, full, aa, ci, or protocols (the reference target over "
                                 "HTTP/1.1, TLS, h2c and h2)."),
                  QStringLiteral("NAME"), QStringLiteral("quick"));
    const QCommandLineOption store = addStoreOption(cl);
    const QCommandLineOption gui =
        cl.flag({QStringLiteral("gui")},
                QStringLiteral("Open the workbench on the demo plan instead, ready to press Start "
                               "(alone: the GUI has its own profile and store)."));
    if (const std::optional<int> done = cl.parse(args))
        return *done;
    if (cl.isSet(gui)) // main() opens the GUI for "demo --gui" alone
        return cl.usageError(QStringLiteral("--gui takes no other options"));
    const sb::Result<DemoSetup> setup = prepareDemo();
    if (!setup.ok())
        return cl.fail(setup.error());
    run::RunOptions options;
    options.planPath = setup->planPath;
    options.profile = cl.value(profile);
    options.storeLocation = cl.value(store);
    options.variables = setup->variables;
    if (!setup->note.isEmpty())
        cl.note(setup->note);
    const auto port = [&](const char *name) {
        return setup->variables.value(QString::fromLatin1(name));
    };
    if (options.profile == QLatin1String(kProtocolsProfile)) {
        options.planPath = setup->protocolsPlanPath;
        cl.note(QStringLiteral("plan %1, certificate in %2")
                    .arg(options.planPath, setup->dataDir + QStringLiteral("/tls")));
        cl.note(QStringLiteral("ports %1 (native), %2 (native-https), %3 (native-h2c) and %4 "
                               "(native-h2), chosen free for this demo")
                    .arg(port("demo_port_native"), port("demo_port_https"), port("demo_port_h2c"),
                         port("demo_port_h2")));
    } else {
        cl.note(
            QStringLiteral("plan %1, Python server in %2").arg(setup->planPath, setup->demoDir));
        cl.note(QStringLiteral("ports %1 (native) and %2 (python), chosen free for this demo")
                    .arg(port("demo_port_native"), port("demo_port_python")));
    }
    QString runId;
    const int code = runAndWatch(cl, options, &runId);
    if (runId.isEmpty())
        return code;
    auto opened = openForReading(options.storeLocation);
    if (!opened.ok())
        return cl.fail(opened.error());
    sb::Result<report::RunReport> r = report::loadRunReport(**opened, runId);
    if (!r.ok())
        return cl.fail(r.error());
    const QString path = reportPath(options.storeLocation, setup->dataDir, runId);
    if (sb::Status st = writeOutput(path, report::reportMarkdown(*r).toUtf8(), cl); !st.ok())
        return cl.fail(st.error());
    return code;
}

} // namespace sb::cli
