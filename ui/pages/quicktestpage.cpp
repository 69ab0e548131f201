#include "ui/pages/quicktestpage.h"

#include "report/figures.h"
#include "run/loadjson.h"
#include "ui/charts/percentilecurve.h"
#include "ui/models/figures.h"
#include "ui/models/processlistmodel.h"
#include "ui/offthread.h"
#include "ui/widgets/chartpanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <qcustomplot.h>

namespace sb {

QuickTestPage::QuickTestPage(QWidget *parent)
    : QWidget(parent)
    , m_controller(new LoadController(this))
    , m_processes(new ProcessListModel(this))
    , m_processFilter(new QSortFilterProxyModel(this))
    , m_processTimer(new QTimer(this))
{
    // The list was read once and went stale until Refresh: it follows the machine while shown.
    m_processTimer->setInterval(kProcessRefreshMs);
    connect(m_processTimer, &QTimer::timeout, m_processes, &ProcessListModel::refresh);
    m_processFilter->setSourceModel(m_processes);
    m_processFilter->setFilterKeyColumn(-1);
    m_processFilter->setFilterCaseSensitivity(Qt::CaseInsensitive);

    auto *layout = new QHBoxLayout(this);
    auto *split = new QSplitter(Qt::Horizontal, this);
    auto *scroll = new QScrollArea(split);
    scroll->setWidgetResizable(true);
    scroll->setWidget(buildForm());
    scroll->setMinimumWidth(340);
    split->addWidget(scroll);
    split->addWidget(buildResults());
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    layout->addWidget(split);

    connect(m_controller, &LoadController::intervalMeasured, this, &QuickTestPage::onInterval);
    connect(m_controller, &LoadController::measureStarted, this, [this](double atS) {
        m_timeline.setMeasureStart(atS);
        if (m_measureS > 0)
            m_timeline.setExpectedEnd(atS + m_measureS);
        m_charts->timelineChanged();
    });
    connect(m_controller, &LoadController::finished, this, &QuickTestPage::onFinished);
    connect(m_controller, &LoadController::failed, this, &QuickTestPage::onFailed);
    connect(m_controller, &LoadController::stateChanged, this, &QuickTestPage::onStateChanged);
    loadSettings();
    validate();
}

QuickTestPage::~QuickTestPage()
{
    m_charts->setTimeline(nullptr);
}

QLineEdit *QuickTestPage::addField(QFormLayout *form, LoadField field, const QString &label,
                                   const QString &placeholder)
{
    auto *box = new QWidget(this);
    auto *v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(1);
    auto *edit = new QLineEdit(box);
    edit->setPlaceholderText(placeholder);
    edit->setAccessibleName(label);
    auto *error = new QLabel(box);
    error->setWordWrap(true);
    error->setVisible(false);
    error->setAccessibleName(tr("%1: problem").arg(label));
    QPalette pal = error->palette();
    pal.setColor(QPalette::WindowText, QColor(0xe15759));
    error->setPalette(pal);
    v->addWidget(edit);
    v->addWidget(error);
    form->addRow(label, box);
    m_fields.insert(field, edit);
    m_errors.insert(field, error);
    connect(edit, &QLineEdit::textChanged, this, &QuickTestPage::validate);
    return edit;
}

QWidget *QuickTestPage::buildForm()
{
    auto *w = new QWidget(this);
    auto *v = new QVBoxLayout(w);
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    addField(form, LoadField::Url, tr("URL"), QStringLiteral("http://127.0.0.1:8080/health"));
    // https://: how the server's certificate is checked (off for http://).
    m_insecure = new QCheckBox(tr("Insecure (do not verify)"), w);
    m_insecure->setObjectName(QStringLiteral("insecure"));
    m_insecure->setAccessibleName(tr("Insecure (do not verify)"));
    m_insecure->setToolTip(tr("Do not verify the server's certificate (https only); the result "
                              "records that it was not verified."));
    form->addRow(QString(), m_insecure);
    connect(m_insecure, &QCheckBox::toggled, this, &QuickTestPage::validate);
    addField(form, LoadField::CaFile, tr("CA file"), tr("the system's CA store"))
        ->setToolTip(tr("A PEM file of the CAs to trust instead of the system's (https only)."));
    // The HTTP version, and HTTP/2's streams per connection beside it.
    m_protocol = new QComboBox(w);
    m_protocol->setObjectName(QStringLiteral("protocol"));
    m_protocol->addItems({QStringLiteral("HTTP/1.1"), QStringLiteral("HTTP/2")});
    m_protocol->setAccessibleName(tr("Protocol"));
    m_protocol->setToolTip(tr("HTTP/2: over https:// agreed by ALPN (h2), over http:// in clear "
                              "text with prior knowledge (h2c)."));
    m_streams = new QSpinBox(w);
    m_streams->setObjectName(QStringLiteral("streams"));
    m_streams->setRange(1, plan::kMaxStreams);
    m_streams->setAccessibleName(tr("Streams per connection"));
    m_streams->setToolTip(tr("HTTP/2: requests in flight at once on each connection (h2load's "
                             "-m). The connections stay the concurrency's unit."));
    auto *protocolRow = new QWidget(w);
    auto *ph = new QHBoxLayout(protocolRow);
    ph->setContentsMargins(0, 0, 0, 0);
    ph->addWidget(m_protocol);
    auto *streamsLabel = new QLabel(tr("Streams"), protocolRow);
    streamsLabel->setBuddy(m_streams);
    streamsLabel->setEnabled(false); // greyed with the spin box: the streams are HTTP/2's
    connect(m_protocol, &QComboBox::currentIndexChanged, streamsLabel,
            [streamsLabel](int index) { streamsLabel->setEnabled(index == 1); });
    ph->addSpacing(8);
    ph->addWidget(streamsLabel);
    ph->addWidget(m_streams);
    ph->addStretch(1);
    form->addRow(tr("Protocol"), protocolRow);
    connect(m_protocol, &QComboBox::currentIndexChanged, this, &QuickTestPage::validate);
    connect(m_streams, &QSpinBox::valueChanged, this, &QuickTestPage::validate);
    m_method = new QComboBox(w);
    m_method->addItems({QStringLiteral("GET"), QStringLiteral("HEAD"), QStringLiteral("POST"),
                        QStringLiteral("PUT"), QStringLiteral("PATCH"), QStringLiteral("DELETE"),
                        QStringLiteral("OPTIONS")});
    m_method->setAccessibleName(tr("Method"));
    form->addRow(tr("Method"), m_method);

    m_headers = new QTableWidget(0, 2, w);
    m_headers->setHorizontalHeaderLabels({tr("Header"), tr("Value")});
    m_headers->horizontalHeader()->setStretchLastSection(true);
    m_headers->verticalHeader()->setVisible(false);
    m_headers->setMaximumHeight(110);
    m_headers->setAccessibleName(tr("Headers"));
    auto *headerBox = new QWidget(w);
    auto *hv = new QVBoxLayout(headerBox);
    hv->setContentsMargins(0, 0, 0, 0);
    hv->addWidget(m_headers);
    auto *hb = new QHBoxLayout;
    auto *add = new QPushButton(tr("Add header"), headerBox);
    auto *remove = new QPushButton(tr("Remove header"), headerBox);
    hb->addWidget(add);
    hb->addWidget(remove);
    hb->addStretch();
    hv->addLayout(hb);
    auto *headerError = new QLabel(headerBox);
    headerError->setVisible(false);
    headerError->setWordWrap(true);
    hv->addWidget(headerError);
    m_errors.insert(LoadField::Headers, headerError);
    form->addRow(tr("Headers"), headerBox);
    connect(add, &QPushButton::clicked, this,
            [this] { m_headers->insertRow(m_headers->rowCount()); });
    connect(remove, &QPushButton::clicked, this, [this] {
        if (m_headers->currentRow() >= 0)
            m_headers->removeRow(m_headers->currentRow());
        validate();
    });
    connect(m_headers, &QTableWidget::itemChanged, this, &QuickTestPage::validate);

    m_body = new QPlainTextEdit(w);
    m_body->setMaximumHeight(70);
    m_body->setPlaceholderText(tr("request body (optional)"));
    m_body->setAccessibleName(tr("Body"));
    form->addRow(tr("Body"), m_body);
    addField(form, LoadField::Connections, tr("Connections"), QStringLiteral("10"));
    addField(form, LoadField::Threads, tr("Threads"), QStringLiteral("1"));
    addField(form, LoadField::Length, tr("Duration or requests"), tr("10s, 2m or 5000req"));
    addField(form, LoadField::WarmUp, tr("Warm-up"), tr("none, 2s or 1000req"));
    addField(form, LoadField::Rate, tr("Open-loop rate"), tr("closed loop; or requests/s"));
    addField(form, LoadField::Timeout, tr("Timeout"), QStringLiteral("180s"));
    addField(form, LoadField::Interval, tr("Interval"), QStringLiteral("1s"));
    v->addLayout(form);

    auto *server = new QGroupBox(tr("Server process (optional)"), w);
    auto *sv = new QVBoxLayout(server);
    auto *filterRow = new QHBoxLayout;
    m_filter = new QLineEdit(server);
    m_filter->setPlaceholderText(tr("filter by pid, name or command line"));
    m_filter->setAccessibleName(tr("Process filter"));
    m_filter->setClearButtonEnabled(true);
    auto *refresh = new QPushButton(tr("Refresh"), server);
    filterRow->addWidget(m_filter, 1);
    filterRow->addWidget(refresh);
    sv->addLayout(filterRow);
    m_processView = new QTableView(server);
    m_processView->setModel(m_processFilter);
    m_processView->setAccessibleName(tr("Processes"));
    m_processView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_processView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_processView->verticalHeader()->setVisible(false);
    m_processView->horizontalHeader()->setStretchLastSection(true);
    m_processView->setSortingEnabled(true);
    m_processView->sortByColumn(ProcessListModel::PidColumn, Qt::AscendingOrder);
    m_processView->setMinimumHeight(100);
    sv->addWidget(m_processView);
    auto *pickRow = new QHBoxLayout;
    m_serverLabel = new QLabel(tr("No server process: only the client is measured."), server);
    m_serverLabel->setWordWrap(true);
    auto *none = new QPushButton(tr("None"), server);
    none->setAccessibleName(tr("No server process"));
    pickRow->addWidget(m_serverLabel, 1);
    pickRow->addWidget(none);
    sv->addLayout(pickRow);
    v->addWidget(server, 1);
    connect(m_filter, &QLineEdit::textChanged, m_processFilter,
            &QSortFilterProxyModel::setFilterFixedString);
    connect(refresh, &QPushButton::clicked, this, [this] {
        const qint64 keep = m_serverPid;
        m_processes->refresh();
        setServerPid(keep);
    });
    connect(none, &QPushButton::clicked, this, [this] { setServerPid(0); });
    connect(m_processView->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &QuickTestPage::pickSelectedProcess);

    auto *buttons = new QHBoxLayout;
    m_start = new QPushButton(tr("&Start"), w);
    m_stop = new QPushButton(tr("S&top"), w);
    m_stop->setEnabled(false);
    buttons->addWidget(m_start);
    buttons->addWidget(m_stop);
    buttons->addStretch();
    v->addLayout(buttons);
    connect(m_start, &QPushButton::clicked, this, &QuickTestPage::startTest);
    connect(m_stop, &QPushButton::clicked, this, &QuickTestPage::stopTest);
    return w;
}

QWidget *QuickTestPage::buildResults()
{
    auto *split = new QSplitter(Qt::Vertical, this);
    auto *top = new QWidget(split);
    auto *tv = new QVBoxLayout(top);
    tv->setContentsMargins(0, 0, 0, 0);
    m_status = new QLabel(tr("Fill in the URL and press Start."), top);
    m_status->setAccessibleName(tr("Quick test status"));
    QFont bold = m_status->font();
    bold.setBold(true);
    m_status->setFont(bold);
    tv->addWidget(m_status);
    m_charts = new ChartPanel(top);
    m_charts->setTimeline(&m_timeline);
    tv->addWidget(m_charts, 1);
    split->addWidget(top);

    auto *bottom = new QWidget(split);
    auto *bh = new QHBoxLayout(bottom);
    bh->setContentsMargins(0, 0, 0, 0);
    auto *left = new QVBoxLayout;
    m_summary = new QPlainTextEdit(bottom);
    m_summary->setReadOnly(true);
    m_summary->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_summary->setAccessibleName(tr("Summary"));
    m_summary->setPlaceholderText(tr("The summary appears here when the test ends."));
    left->addWidget(m_summary, 1);
    m_keep = new QPushButton(tr("&Keep in history"), bottom);
    m_keep->setEnabled(false);
    m_keep->setToolTip(tr("Store this test as a one-window run for History and Compare."));
    left->addWidget(m_keep, 0, Qt::AlignLeft);
    bh->addLayout(left, 1);
    m_curve = new QCustomPlot(bottom);
    m_curve->setAccessibleName(tr("Latency percentile curve"));
    m_curve->setMinimumSize(280, 120);
    bh->addWidget(m_curve, 1);
    split->addWidget(bottom);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({600, 400});
    connect(m_keep, &QPushButton::clicked, this, &QuickTestPage::keepInHistory);
    charts::drawPercentileCurve(m_curve, {}, tr("latency"));
    return split;
}

LoadForm QuickTestPage::form() const
{
    LoadForm f;
    f.url = m_fields[LoadField::Url]->text();
    f.method = m_method->currentText();
    for (int r = 0; r < m_headers->rowCount(); ++r) {
        const QTableWidgetItem *n = m_headers->item(r, 0);
        const QTableWidgetItem *v = m_headers->item(r, 1);
        f.headers.append({n ? n->text() : QString(), v ? v->text() : QString()});
    }
    f.body = m_body->toPlainText();
    auto text = [this](LoadField field, const QString &fallback) {
        const QString t = m_fields[field]->text();
        return t.trimmed().isEmpty() ? fallback : t;
    };
    f.connections = text(LoadField::Connections, QStringLiteral("10"));
    f.threads = text(LoadField::Threads, QStringLiteral("1"));
    f.length = text(LoadField::Length, QStringLiteral("10s"));
    f.warmUp = m_fields[LoadField::WarmUp]->text();
    f.rate = m_fields[LoadField::Rate]->text();
    f.timeout = text(LoadField::Timeout, QStringLiteral("180s"));
    f.interval = text(LoadField::Interval, QStringLiteral("1s"));
    f.insecure = m_insecure->isChecked();
    f.caFile = m_fields[LoadField::CaFile]->text();
    f.http2 = m_protocol->currentIndex() == 1;
    f.streams = m_streams->value();
    return f;
}

void QuickTestPage::setForm(const LoadForm &f)
{
    m_fields[LoadField::Url]->setText(f.url);
    m_method->setCurrentText(f.method);
    m_headers->setRowCount(0);
    for (const auto &[name, value] : f.headers) {
        const int r = m_headers->rowCount();
        m_headers->insertRow(r);
        m_headers->setItem(r, 0, new QTableWidgetItem(name));
        m_headers->setItem(r, 1, new QTableWidgetItem(value));
    }
    m_body->setPlainText(f.body);
    m_fields[LoadField::Connections]->setText(f.connections);
    m_fields[LoadField::Threads]->setText(f.threads);
    m_fields[LoadField::Length]->setText(f.length);
    m_fields[LoadField::WarmUp]->setText(f.warmUp);
    m_fields[LoadField::Rate]->setText(f.rate);
    m_fields[LoadField::Timeout]->setText(f.timeout);
    m_fields[LoadField::Interval]->setText(f.interval);
    m_insecure->setChecked(f.insecure);
    m_fields[LoadField::CaFile]->setText(f.caFile);
    m_protocol->setCurrentIndex(f.http2 ? 1 : 0);
    m_streams->setValue(f.streams);
    validate();
}

QString QuickTestPage::fieldError(LoadField field) const
{
    const QLabel *l = m_errors.value(field);
    return l ? l->text() : QString();
}

void QuickTestPage::validate()
{
    if (!m_start)
        return; // still building
    const LoadFormCheck check = checkLoadForm(form());
    const bool urlEmpty = m_fields[LoadField::Url]->text().trimmed().isEmpty();
    for (auto it = m_errors.begin(); it != m_errors.end(); ++it) {
        // An empty URL is not an error worth red text before anything was typed.
        const QString e =
            it.key() == LoadField::Url && urlEmpty ? QString() : check.errors.value(it.key());
        it.value()->setText(e);
        it.value()->setVisible(!e.isEmpty());
    }
    m_start->setEnabled(check.ok() && !m_controller->isBusy());
    // The TLS fields apply to an https:// URL only.
    const bool https = check.spec.window.request.tls && !check.errors.contains(LoadField::Url);
    m_insecure->setEnabled(https && !m_controller->isBusy());
    m_fields[LoadField::CaFile]->setEnabled(https);
    // The streams are HTTP/2's.
    m_protocol->setEnabled(!m_controller->isBusy());
    m_streams->setEnabled(m_protocol->currentIndex() == 1 && !m_controller->isBusy());
}

void QuickTestPage::setServerPid(qint64 pid)
{
    const int row = pid > 0 ? m_processes->rowOf(pid) : -1;
    if (pid > 0 && row < 0) {
        m_processes->refresh();
        return setServerPid(m_processes->rowOf(pid) >= 0 ? pid : 0);
    }
    m_serverPid = row >= 0 ? pid : 0;
    if (row >= 0) {
        const ProcessListModel::Process &p = m_processes->process(row);
        m_serverName = p.name;
        m_serverCommandLine = p.commandLine;
        m_serverLabel->setText(tr("Sampling the tree of %1 (pid %2).").arg(p.name).arg(p.pid));
        const QModelIndex i = m_processFilter->mapFromSource(m_processes->index(row, 0));
        if (i.isValid() && m_processView->currentIndex().row() != i.row())
            m_processView->selectRow(i.row());
    } else {
        m_serverName.clear();
        m_serverCommandLine.clear();
        m_serverLabel->setText(tr("No server process: only the client is measured."));
        m_processView->clearSelection();
    }
}

void QuickTestPage::pickSelectedProcess()
{
    const QModelIndexList rows = m_processView->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return;
    const qint64 pid = rows.first().data(ProcessListModel::PidRole).toLongLong();
    if (pid != m_serverPid)
        setServerPid(pid);
}

void QuickTestPage::startTest()
{
    const LoadFormCheck check = checkLoadForm(form());
    if (!check.ok() || m_controller->isBusy())
        return;
    m_running = check.spec;
    if (m_serverPid > 0) {
        run::TreeSampling tree;
        tree.rootPid = m_serverPid;
        m_running.window.sample = tree;
    }
    m_running.serverName = m_serverName;
    m_running.serverCommandLine = m_serverCommandLine;
    m_result.reset();
    m_timeline.clear();
    m_timeline.clearGhosts();
    const run::WindowSpec &s = m_running.window;
    m_measureS = s.requestLimit > 0 ? 0 : double(s.durationMs) / 1000.0;
    m_timeline.setExpectedEnd(double(s.warmupMs) / 1000.0 + m_measureS);
    m_summary->clear();
    charts::drawPercentileCurve(m_curve, {}, tr("latency"));
    m_keep->setEnabled(false);
    m_status->setText(tr("Connecting to %1 ...").arg(m_running.url));
    m_charts->timelineChanged();
    saveSettings();
    m_controller->start(m_running);
}

void QuickTestPage::stopTest()
{
    m_controller->stop();
}

void QuickTestPage::onInterval(const run::WindowInterval &i)
{
    const store::IntervalRecord &r = i.record;
    const double atS = i.warmUp ? r.endS : m_timeline.measureStartS() + r.endS;
    if (!i.warmUp && m_running.window.sample)
        m_timeline.addInterval(r, false); // the sampler's figures with the load's
    else
        m_timeline.addLoad(charts::loadPoint(r, atS));
    QString text = i.warmUp ? tr("warm-up %1 s").arg(atS, 0, 'f', 0)
                            : tr("measuring %1 s").arg(atS - m_timeline.measureStartS(), 0, 'f', 0);
    if (!i.warmUp && m_measureS > 0)
        text += tr(" of %1 s").arg(m_measureS, 0, 'f', 0);
    text += tr(" - 2xx/s %1 - p99 %2")
                .arg(figures::rate(report::intervalOkPerS(r)), figures::latencyUs(double(r.p99Us)));
    if (i.draining)
        text += tr(" - draining: %1 in flight").arg(i.inFlight);
    m_status->setText(text);
    m_charts->timelineChanged();
}

void QuickTestPage::onFinished(const QuickTestResult &r)
{
    m_result = r;
    m_summary->setPlainText(loadSummaryText(r));
    charts::drawPercentileCurve(
        m_curve, charts::percentileCurve(run::decodedHistogram(r.measured.window.histogram)),
        tr("latency"));
    m_keep->setEnabled(true);
    const QString okPerS = figures::rate(report::windowOkPerS(r.measured.window));
    m_status->setText(r.measured.cancelled ? tr("Stopped: %1 2xx/s until then").arg(okPerS)
                                           : tr("Done: %1 2xx/s").arg(okPerS));
    Q_EMIT testFinished();
}

void QuickTestPage::onFailed(const QString &message)
{
    m_status->setText(tr("Cannot run the test: %1").arg(message));
    Q_EMIT testFailed(message);
}

void QuickTestPage::onStateChanged(LoadController::State state)
{
    const bool busy = state != LoadController::State::Idle;
    m_stop->setEnabled(state == LoadController::State::Running);
    for (QLineEdit *e : std::as_const(m_fields))
        e->setReadOnly(busy);
    validate();
}

QString QuickTestPage::summaryText() const
{
    return m_summary->toPlainText();
}

QString QuickTestPage::statusText() const
{
    return m_status->text();
}

int QuickTestPage::percentilePoints() const
{
    return m_curve->graphCount() > 0 ? m_curve->graph(0)->dataCount() : 0;
}

void QuickTestPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_processes->refresh();
    m_processTimer->start();
}

void QuickTestPage::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_processTimer->stop();
}

void QuickTestPage::keepInHistory()
{
    if (!m_result)
        return;
    m_keep->setEnabled(false);
    const QuickTestResult result = *m_result;
    const QString location = m_storeLocation;
    runOffThread(
        this,
        [location, result]() -> std::pair<QString, QString> {
            sb::Result<QString> id = sb::keepInHistory(location, result);
            if (!id.ok())
                return {QString(), QString::fromStdString(id.error().toString())};
            return {*id, QString()};
        },
        [this](const std::pair<QString, QString> &r) {
            if (!r.second.isEmpty()) {
                m_status->setText(tr("Not kept: %1").arg(r.second));
                m_keep->setEnabled(true);
                Q_EMIT keepFailed(r.second);
                return;
            }
            m_status->setText(tr("Kept in history as run %1.").arg(r.first));
            Q_EMIT kept(r.first);
        });
}

void QuickTestPage::loadSettings()
{
    QSettings s;
    s.beginGroup(QStringLiteral("quicktest"));
    LoadForm f;
    f.url = s.value(QStringLiteral("url")).toString();
    f.method = s.value(QStringLiteral("method"), f.method).toString();
    f.connections = s.value(QStringLiteral("connections"), f.connections).toString();
    f.threads = s.value(QStringLiteral("threads"), f.threads).toString();
    f.length = s.value(QStringLiteral("length"), f.length).toString();
    f.warmUp = s.value(QStringLiteral("warmup"), f.warmUp).toString();
    f.rate = s.value(QStringLiteral("rate"), f.rate).toString();
    f.timeout = s.value(QStringLiteral("timeout"), f.timeout).toString();
    f.interval = s.value(QStringLiteral("interval"), f.interval).toString();
    f.insecure = s.value(QStringLiteral("insecure"), false).toBool();
    f.caFile = s.value(QStringLiteral("ca_file")).toString();
    f.http2 = s.value(QStringLiteral("protocol")).toString() == QLatin1String("h2");
    f.streams = std::clamp(s.value(QStringLiteral("streams"), 1).toInt(), 1, plan::kMaxStreams);
    setForm(f);
}

void QuickTestPage::saveSettings() const
{
    QSettings s;
    s.beginGroup(QStringLiteral("quicktest"));
    const LoadForm f = form();
    s.setValue(QStringLiteral("url"), f.url);
    s.setValue(QStringLiteral("method"), f.method);
    s.setValue(QStringLiteral("connections"), f.connections);
    s.setValue(QStringLiteral("threads"), f.threads);
    s.setValue(QStringLiteral("length"), f.length);
    s.setValue(QStringLiteral("warmup"), f.warmUp);
    s.setValue(QStringLiteral("rate"), f.rate);
    s.setValue(QStringLiteral("timeout"), f.timeout);
    s.setValue(QStringLiteral("interval"), f.interval);
    s.setValue(QStringLiteral("insecure"), f.insecure);
    s.setValue(QStringLiteral("ca_file"), f.caFile);
    s.setValue(QStringLiteral("protocol"),
               f.http2 ? QStringLiteral("h2") : QStringLiteral("http/1.1"));
    s.setValue(QStringLiteral("streams"), f.streams);
}

} // namespace sb
