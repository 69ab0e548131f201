#include "ui/widgets/rundetails.h"

#include "report/memoryreport.h"
#include "ui/models/runsmodel.h"
#include "ui/pages/rundialog.h"
#include "ui/storeresults.h"
#include "ui/widgets/profilelist.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace sb {

namespace {

QTreeWidget *makeTree(QWidget *parent, const QString &name, const QStringList &headers)
{
    auto *tree = new QTreeWidget(parent);
    tree->setAccessibleName(name);
    tree->setHeaderLabels(headers);
    tree->setRootIsDecorated(false);
    tree->setUniformRowHeights(true);
    tree->setAlternatingRowColors(true);
    tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    tree->header()->setStretchLastSection(true);
    return tree;
}

QTextBrowser *makeBrowser(QWidget *parent, const QString &name)
{
    auto *b = new QTextBrowser(parent);
    b->setAccessibleName(name);
    b->setOpenLinks(false);
    b->setFrameShape(QFrame::NoFrame);
    return b;
}

QString scalarText(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::String:
        return v.toString();
    case QJsonValue::Double: {
        const double d = v.toDouble();
        return d == double(qint64(d)) ? QString::number(qint64(d)) : QString::number(d);
    }
    case QJsonValue::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Array:
        return QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
    case QJsonValue::Object:
        return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    case QJsonValue::Undefined:
        break;
    }
    return {};
}

// key/value rows of `o` under `parent`, objects as nested rows.
void addJson(QTreeWidgetItem *parent, const QJsonObject &o)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        auto *item = new QTreeWidgetItem(parent, {it.key()});
        if (it.value().isObject()) {
            addJson(item, it.value().toObject());
        } else {
            item->setText(1, scalarText(it.value()));
            item->setToolTip(1, item->text(1));
        }
    }
}

QString row(const QString &name, const QString &value)
{
    return QStringLiteral("<tr><td style='padding-right:12px'><b>%1</b></td><td>%2</td></tr>")
        .arg(name.toHtmlEscaped(), value.toHtmlEscaped());
}

QString timeText(const QDateTime &t)
{
    return t.isValid() ? QLocale().toString(t.toLocalTime(), QStringLiteral("yyyy-MM-dd HH:mm:ss"))
                       : QString();
}

QString logSection(const QString &title, const QByteArray &bytes)
{
    const QString text = QString::fromUtf8(bytes);
    return QStringLiteral("── %1 ──\n%2%3")
        .arg(title, text,
             text.endsWith(QLatin1Char('\n')) || text.isEmpty() ? QString() : QStringLiteral("\n"));
}

// The events the report counts beside the invalid attempts (what the gates caught): server
// trees that died, sleep or clock gaps, failed hooks, cells out of retries; "kind: detail".
QStringList caughtEvents(const StoredRun &run)
{
    static const QStringList kinds{QStringLiteral("server-died"), QStringLiteral("sampler-sleep"),
                                   QStringLiteral("hook-failed"), QStringLiteral("cell-failed")};
    QStringList out;
    for (const store::EventRecord &e : run.events)
        if (kinds.contains(e.kind))
            out << QStringLiteral("%1: %2").arg(e.kind, e.detail);
    return out;
}

// Configuration -> why the run blocked it ("configuration-blocked" events).
QMap<QString, QString> blockedReasons(const StoredRun &run)
{
    QMap<QString, QString> out;
    for (const store::EventRecord &e : run.events)
        if (e.kind == QLatin1String("configuration-blocked"))
            out.insert(e.data.value(QLatin1String("configuration")).toString(), e.detail);
    return out;
}

// The info "load_hosts" (run/windowmeasurement.cpp): "NAME (DESTINATION): machine ..., N cores,
// stackbench V, generator X cores mean of N windows", hosts "; " apart. Each host as a pair: who
// it is, and what its agent reported (the whole text when it has no such shape).
QList<QPair<QString, QString>> loadHostLines(const QString &info)
{
    QList<QPair<QString, QString>> out;
    for (const QString &part : info.split(QStringLiteral("; "), Qt::SkipEmptyParts)) {
        const qsizetype colon = part.indexOf(QStringLiteral(": "));
        if (colon > 0)
            out.append({part.left(colon), part.mid(colon + 2)});
        else
            out.append({QString(), part});
    }
    return out;
}

} // namespace

// A run whose load came from other hosts: each configuration's hosts, one row each, with the
// machine, cores, version and generator its agent reported (the info "load_hosts").
void RunDetails::addLoadHosts(QTreeWidgetItem *root,
                              const QVector<store::ConfigurationRecord> &configurations)
{
    QTreeWidgetItem *hosts = nullptr;
    for (const store::ConfigurationRecord &c : configurations) {
        const QString info = c.info.value(QLatin1String("load_hosts")).toString();
        if (info.isEmpty())
            continue;
        if (!hosts)
            hosts = new QTreeWidgetItem(root, {tr("load hosts")});
        auto *configuration =
            new QTreeWidgetItem(hosts, {tr("configuration %1").arg(c.name), tr("load from")});
        for (const auto &[host, reported] : loadHostLines(info)) {
            auto *item = new QTreeWidgetItem(configuration, {host, reported});
            item->setToolTip(1, reported);
        }
    }
}

// Configurations on their own hosts: the host, then its machine as its agent described it (the
// info "host" and "host_environment").
void RunDetails::addServerHosts(QTreeWidgetItem *root,
                                const QVector<store::ConfigurationRecord> &configurations)
{
    QTreeWidgetItem *hosts = nullptr;
    for (const store::ConfigurationRecord &c : configurations) {
        const QString host = c.info.value(QLatin1String("host")).toString();
        if (host.isEmpty())
            continue;
        if (!hosts)
            hosts = new QTreeWidgetItem(root, {tr("server hosts")});
        auto *configuration = new QTreeWidgetItem(
            hosts, {tr("configuration %1").arg(c.name), tr("runs on %1").arg(host)});
        configuration->setToolTip(1, host);
        const QJsonObject env = c.info.value(QLatin1String("host_environment")).toObject();
        for (auto it = env.begin(); it != env.end(); ++it) {
            const QString value = it.value().isString()
                                      ? it.value().toString()
                                      : QString::number(it.value().toDouble(), 'g', 15);
            auto *item = new QTreeWidgetItem(configuration, {it.key(), value});
            item->setToolTip(1, value);
        }
    }
}

RunDetails::RunDetails(QWidget *parent)
    : QTabWidget(parent)
{
    setAccessibleName(tr("Run details"));
    setDocumentMode(true);

    m_summary = makeBrowser(this, tr("Run summary"));
    addTab(m_summary, tr("Summary"));

    m_environment = makeTree(this, tr("Environment record"), {tr("Key"), tr("Value")});
    m_environment->setRootIsDecorated(true);
    m_environment->setSelectionMode(QAbstractItemView::ExtendedSelection);
    addTab(m_environment, tr("Environment"));

    auto *gates = new QSplitter(Qt::Vertical, this);
    m_gatesSummary = makeBrowser(gates, tr("Gates and warnings"));
    m_invalid = makeTree(gates, tr("Invalid attempts"),
                         {tr("Round"), tr("Configuration"), tr("Route"), tr("Concurrency"),
                          tr("Attempt"), tr("Gate"), tr("Reason")});
    gates->addWidget(m_gatesSummary);
    gates->addWidget(m_invalid);
    gates->setStretchFactor(0, 0);
    gates->setStretchFactor(1, 1);
    const int line = fontMetrics().lineSpacing();
    gates->setSizes({line * 6, line * 20}); // a few lines of summary, the rest for the attempts
    addTab(gates, tr("Gates"));

    m_events = makeTree(this, tr("Events"), {tr("Time"), tr("Kind"), tr("Detail")});
    addTab(m_events, tr("Events"));

    auto *logs = new QSplitter(Qt::Horizontal, this);
    m_logList = new QListWidget(logs);
    m_logList->setAccessibleName(tr("Server logs by configuration and round"));
    m_log = new QPlainTextEdit(logs);
    m_log->setAccessibleName(tr("Server log"));
    m_log->setReadOnly(true);
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setStyleHint(QFont::Monospace);
    mono.setFixedPitch(true);
    m_log->setFont(mono);
    m_logList->setMaximumWidth(m_logList->fontMetrics().horizontalAdvance(QLatin1Char('x')) * 36);
    logs->addWidget(m_logList);
    logs->addWidget(m_log);
    logs->setStretchFactor(1, 1);
    addTab(logs, tr("Server logs"));
    connect(m_logList, &QListWidget::currentRowChanged, this, &RunDetails::showLog);

    m_profiles = new ProfileList(this);
    addTab(m_profiles, tr("CPU profiles"));

    showMessage(tr("Select a run to see its details."));
}

void RunDetails::showMessage(const QString &message)
{
    m_runId.clear();
    m_summary->setPlainText(message);
    m_environment->clear();
    m_gatesSummary->clear();
    m_invalid->clear();
    m_events->clear();
    m_logList->clear();
    m_logTexts.clear();
    m_log->clear();
    m_profiles->setProfiles({});
    setCounts(0, 0, 0);
}

void RunDetails::setRun(const StoredRun &run)
{
    if (!run.error.isEmpty()) {
        showMessage(run.error);
        return;
    }
    m_runId = run.runId;
    fillSummary(run);
    fillEnvironment(run);
    fillGates(run);
    fillEvents(run);
    fillLogs(run);
    m_profiles->setProfiles(run.profiles);
    setCounts(run.invalidWindows, int(run.events.size()), int(run.serverLogs.size()));
}

void RunDetails::setCounts(int gates, int events, int logs)
{
    setTabText(GatesTab, gates ? tr("Gates (%1)").arg(gates) : tr("Gates"));
    setTabText(EventsTab, events ? tr("Events (%1)").arg(events) : tr("Events"));
    setTabText(LogsTab, logs ? tr("Server logs (%1)").arg(logs) : tr("Server logs"));
    const int profiles = m_profiles->count();
    setTabText(ProfilesTab, profiles ? tr("CPU profiles (%1)").arg(profiles) : tr("CPU profiles"));
}

void RunDetails::fillSummary(const StoredRun &run)
{
    const RunRow &r = run.row;
    QString html = QStringLiteral("<table>");
    html += row(tr("Run"), r.id);
    html += row(tr("Plan"), tr("%1 (%2)").arg(r.planName, r.planPath));
    html += row(tr("Profile"), r.profile);
    html += row(tr("Status"), RunsModel::statusName(r.shownStatus()));
    html += row(tr("Started"), timeText(r.startedAt));
    html +=
        row(tr("Finished"), r.finishedAt.isValid() ? timeText(r.finishedAt) : tr("not recorded"));
    if (r.durationS >= 0)
        html += row(tr("Duration"), RunsModel::durationText(r.durationS));
    html += row(tr("Cells"), RunsModel::countsText(storedRunCounts(run)));
    html += row(tr("Windows"), RunsModel::attemptsText(run.validWindows, run.invalidWindows));
    html += row(tr("Configurations"), r.only.isEmpty()
                                          ? run.configurationOrder.join(QStringLiteral(", "))
                                          : r.only.join(QStringLiteral(", ")));
    const QMap<QString, QString> blocked = blockedReasons(run);
    for (auto it = blocked.begin(); it != blocked.end(); ++it)
        html += row(tr("Configuration %1").arg(it.key()), tr("blocked: %1").arg(it.value()));
    if (!r.routes.isEmpty())
        html += row(tr("Routes"), r.routes.join(QStringLiteral(", ")));
    html += row(tr("Machine"), tr("%1, %2").arg(r.hostname, r.cpuModel));
    html += row(tr("Kernel"), r.kernel);
    html += row(tr("Stackbench"), tr("%1, revision %2").arg(r.version, r.revision));
    for (const store::ConfigurationRecord &c : run.configurations) {
        const QJsonValue command = c.info.value(QLatin1String("command"));
        QStringList words;
        for (const QJsonValue &w : command.toArray())
            words << w.toString();
        html += row(tr("Configuration %1").arg(c.name),
                    command.isArray() ? words.join(QLatin1Char(' ')) : command.toString());
        if (const QString hosts = c.info.value(QLatin1String("load_hosts")).toString();
            !hosts.isEmpty())
            html += row(tr("Load hosts of %1").arg(c.name), hosts);
        if (const QString host = c.info.value(QLatin1String("host")).toString(); !host.isEmpty())
            html += row(tr("Server host of %1").arg(c.name), host);
    }
    for (const report::ColdStartSummary &c : run.coldStarts)
        html +=
            row(tr("Cold start %1").arg(c.configuration),
                tr("%n start(s): exec to accepting %1, to ready %2; at ready RSS %3, PSS %4",
                   nullptr, c.starts)
                    .arg(report::coldStartMsText(c.acceptMs), report::coldStartMsText(c.readyMs),
                         report::memoryRangeText(c.rssBytes), report::memoryRangeText(c.pssBytes)));
    html += QStringLiteral("</table>");
    m_summary->setHtml(html);
}

void RunDetails::fillEnvironment(const StoredRun &run)
{
    m_environment->clear();
    auto *root = m_environment->invisibleRootItem();
    addJson(root, run.environment);
    if (!run.fileHashes.isEmpty()) {
        auto *hashes = new QTreeWidgetItem(root, {tr("file hashes (SHA-256)")});
        addJson(hashes, run.fileHashes);
    }
    for (const store::ConfigurationRecord &c : run.configurations) {
        auto *item = new QTreeWidgetItem(root, {tr("configuration %1").arg(c.name)});
        addJson(item, c.info);
    }
    addLoadHosts(root, run.configurations);
    addServerHosts(root, run.configurations);
    m_environment->expandAll();
    m_environment->resizeColumnToContents(0);
}

void RunDetails::fillGates(const StoredRun &run)
{
    QString html;
    if (run.invalidByGate.isEmpty()) {
        html += tr("<p>No gate fired: every stored attempt of the %n window(s) was valid.</p>",
                   nullptr, run.validWindows);
    } else {
        QStringList parts;
        for (auto it = run.invalidByGate.begin(); it != run.invalidByGate.end(); ++it)
            parts << tr("%1: %2").arg(it.key()).arg(it.value());
        html += tr("<p><b>%1</b>; by gate: %2</p>")
                    .arg(RunsModel::attemptsText(run.validWindows, run.invalidWindows),
                         parts.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    const auto list = [](const QString &title, const QStringList &items) {
        if (items.isEmpty())
            return QString();
        QString out = QStringLiteral("<p><b>%1</b></p><ul>").arg(title.toHtmlEscaped());
        for (const QString &i : items)
            out += QStringLiteral("<li>%1</li>").arg(i.toHtmlEscaped());
        return out + QStringLiteral("</ul>");
    };
    html += list(tr("Warnings"), run.warnings);
    html += list(tr("Blocked configurations"), run.blocked);
    html += list(tr("Also caught"), caughtEvents(run));
    m_gatesSummary->setHtml(html);

    m_invalid->clear();
    QList<QTreeWidgetItem *> items;
    for (const InvalidAttempt &a : run.invalid) {
        auto *item = new QTreeWidgetItem({QString::number(a.round + 1), a.configuration, a.route,
                                          QString::number(a.concurrency),
                                          QString::number(a.attempt + 1), a.gate, a.reason});
        item->setToolTip(6, a.reason);
        items << item;
    }
    m_invalid->addTopLevelItems(items);
    for (int c = 0; c < m_invalid->columnCount() - 1; ++c)
        m_invalid->resizeColumnToContents(c);
}

void RunDetails::fillEvents(const StoredRun &run)
{
    m_events->clear();
    QList<QTreeWidgetItem *> items;
    for (const store::EventRecord &e : run.events) {
        auto *item = new QTreeWidgetItem({timeText(e.at), e.kind, e.detail});
        item->setToolTip(2, e.detail);
        items << item;
    }
    m_events->addTopLevelItems(items);
    m_events->resizeColumnToContents(0);
    m_events->resizeColumnToContents(1);
}

void RunDetails::fillLogs(const StoredRun &run)
{
    m_logList->clear();
    m_logTexts.clear();
    for (const store::ServerLogRecord &l : run.serverLogs) {
        m_logList->addItem(tr("%1 · round %2").arg(l.configuration).arg(l.round + 1));
        QString text = logSection(tr("stdout"), l.stdoutBytes);
        text += logSection(tr("stderr"), l.stderrBytes);
        m_logTexts << text;
    }
    if (m_logList->count() > 0)
        m_logList->setCurrentRow(0);
    else
        m_log->setPlainText(tr("No server output was stored for this run."));
}

void RunDetails::showLog(int row)
{
    m_log->setPlainText(m_logTexts.value(row));
}

} // namespace sb
