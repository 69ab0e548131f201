#include "ui/models/outlinemodel.h"

namespace sb {

RunEstimate estimateRun(const plan::Profile &profile, int configurations, int routes,
                        qint64 waitQuietMs)
{
    RunEstimate e;
    e.rounds = profile.rounds;
    e.windows = profile.rounds * configurations * routes * int(profile.concurrency.size());
    e.warmupCounted = profile.warmup.kind == plan::Warmup::Kind::Duration;
    const qint64 warmupMs = e.warmupCounted ? profile.warmup.durationMs : 0;
    e.windowMs = warmupMs + profile.settleMs + profile.measureMs + profile.cooldownMs;
    e.totalMs = e.windowMs * e.windows;
    e.retries = profile.retries;
    e.waitQuietMs = waitQuietMs;
    e.worstMs = e.totalMs * (1 + e.retries) + qint64(e.windows) * e.retries * waitQuietMs;
    if (e.windows == 0)
        return e;
    switch (profile.process) {
    case plan::Profile::Process::Round:
        e.serverStarts = profile.rounds * configurations;
        break;
    case plan::Profile::Process::Window:
        e.serverStarts = e.windows;
        break;
    case plan::Profile::Process::Once:
        e.serverStarts = configurations;
        break;
    }
    return e;
}

// Top-level items have internal id 0; a child's internal id is its group + 1.
static constexpr quintptr kTopLevel = 0;

OutlineModel::OutlineModel(QObject *parent)
    : QAbstractItemModel(parent)
{}

// What decides the rows of the tree: when it stays the same across an edit, the rows stay and
// only their data changes, so a view keeps its expansion and current item.
struct OutlineShape
{
    bool valid = false;
    QStringList configurations;
    QStringList routes;
    QList<int> concurrency;
    QStringList hosts;
    bool operator==(const OutlineShape &) const = default;
};

// The hosts of the HostsGroup: those the load comes from in the load's order, then the plan's
// other hosts.
static QStringList hostNames(const plan::Plan &plan)
{
    QStringList out = plan.load.hosts;
    for (const plan::Host &h : plan.hosts)
        if (!out.contains(h.name))
            out << h.name;
    return out;
}

static OutlineShape shapeOf(const std::optional<plan::Plan> &plan, const QString &profile)
{
    OutlineShape s;
    if (!plan)
        return s;
    s.valid = true;
    for (const plan::Configuration &c : plan->configurations)
        s.configurations << c.name;
    for (const plan::Route &r : plan->routes)
        s.routes << r.name;
    if (const plan::Profile *p = plan->profile(profile))
        s.concurrency = p->concurrency;
    s.hosts = hostNames(*plan);
    return s;
}

void OutlineModel::setPlan(const std::optional<plan::Plan> &plan)
{
    QString profile = m_profile;
    if (plan && !plan->profile(profile))
        profile = plan->defaultProfileOrFirst() ? plan->defaultProfileOrFirst()->name : QString();
    const bool sameShape = shapeOf(plan, profile) == shapeOf(m_plan, m_profile);
    if (!sameShape)
        beginResetModel();
    m_plan = plan;
    m_profile = profile;
    if (!sameShape) {
        endResetModel();
    } else if (m_plan) {
        const int groups = rowCount();
        Q_EMIT dataChanged(index(0, 0), index(groups - 1, 0));
        for (int g = 0; g < groups; ++g) {
            const QModelIndex parent = index(g, 0);
            if (rowCount(parent) > 0)
                Q_EMIT dataChanged(index(0, 0, parent), index(rowCount(parent) - 1, 0, parent));
        }
    }
    Q_EMIT selectionChanged();
}

bool OutlineModel::hasHosts() const
{
    return m_plan && !hostNames(*m_plan).isEmpty();
}

QStringList OutlineModel::loadHosts() const
{
    return m_plan ? m_plan->load.hosts : QStringList();
}

QStringList OutlineModel::profileNames() const
{
    QStringList out;
    if (m_plan)
        for (const plan::Profile &p : m_plan->profiles)
            out << p.name;
    return out;
}

void OutlineModel::setProfile(const QString &name)
{
    if (!m_plan || !m_plan->profile(name) || name == m_profile)
        return;
    const QModelIndex group = index(ConcurrencyGroup, 0);
    const int oldRows = rowCount(group);
    const int newRows = int(m_plan->profile(name)->concurrency.size());
    if (oldRows > 0) {
        beginRemoveRows(group, 0, oldRows - 1);
        m_profile = QString();
        endRemoveRows();
    }
    if (newRows > 0) {
        beginInsertRows(group, 0, newRows - 1);
        m_profile = name;
        endInsertRows();
    }
    m_profile = name;
    Q_EMIT dataChanged(group, group);
    Q_EMIT selectionChanged();
}

const plan::Profile *OutlineModel::currentProfile() const
{
    return m_plan ? m_plan->profile(m_profile) : nullptr;
}

QList<int> OutlineModel::concurrency() const
{
    const plan::Profile *p = currentProfile();
    return p ? p->concurrency : QList<int>();
}

QStringList OutlineModel::names(Group group) const
{
    QStringList out;
    if (!m_plan)
        return out;
    if (group == ConfigurationsGroup)
        for (const plan::Configuration &c : m_plan->configurations)
            out << c.name;
    else if (group == RoutesGroup)
        for (const plan::Route &r : m_plan->routes)
            out << r.name;
    else if (group == HostsGroup)
        out = hostNames(*m_plan);
    else
        for (int c : concurrency())
            out << QString::number(c);
    return out;
}

QSet<QString> *OutlineModel::unchecked(Group group)
{
    return group == ConfigurationsGroup ? &m_uncheckedConfigurations
           : group == RoutesGroup       ? &m_uncheckedRoutes
                                        : nullptr;
}

const QSet<QString> *OutlineModel::unchecked(Group group) const
{
    return const_cast<OutlineModel *>(this)->unchecked(group);
}

QStringList OutlineModel::selectedConfigurations() const
{
    QStringList out;
    for (const QString &n : names(ConfigurationsGroup))
        if (!m_uncheckedConfigurations.contains(n))
            out << n;
    return out;
}

QStringList OutlineModel::selectedRoutes() const
{
    QStringList out;
    for (const QString &n : names(RoutesGroup))
        if (!m_uncheckedRoutes.contains(n))
            out << n;
    return out;
}

bool OutlineModel::setChecked(Group group, const QString &name, bool checked)
{
    const int row = int(names(group).indexOf(name));
    if (row < 0 || !unchecked(group))
        return false;
    return setData(index(row, 0, index(group, 0)), checked ? Qt::Checked : Qt::Unchecked,
                   Qt::CheckStateRole);
}

void OutlineModel::applyTo(run::RunOptions &options) const
{
    options.profile = m_profile;
    const QStringList configurations = selectedConfigurations();
    const QStringList routes = selectedRoutes();
    options.only =
        configurations.size() == names(ConfigurationsGroup).size() ? QStringList() : configurations;
    options.routes = routes.size() == names(RoutesGroup).size() ? QStringList() : routes;
}

RunEstimate OutlineModel::estimate() const
{
    const plan::Profile *p = currentProfile();
    if (!p)
        return {};
    return estimateRun(*p, int(selectedConfigurations().size()), int(selectedRoutes().size()),
                       m_plan->sampler.waitQuietMs);
}

Qt::CheckState OutlineModel::groupState(Group group) const
{
    const QStringList all = names(group);
    int ticked = 0;
    for (const QString &n : all)
        if (!unchecked(group)->contains(n))
            ++ticked;
    if (ticked == 0)
        return Qt::Unchecked;
    return ticked == all.size() ? Qt::Checked : Qt::PartiallyChecked;
}

QModelIndex OutlineModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, kTopLevel);
    return createIndex(row, column, quintptr(parent.row() + 1));
}

QModelIndex OutlineModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == kTopLevel)
        return {};
    return createIndex(int(child.internalId() - 1), 0, kTopLevel);
}

int OutlineModel::rowCount(const QModelIndex &parent) const
{
    if (!m_plan)
        return 0;
    if (!parent.isValid())
        return hasHosts() ? GroupCount : GroupCount - 1;
    if (parent.internalId() != kTopLevel || parent.column() != 0)
        return 0;
    return int(names(Group(parent.row())).size());
}

int OutlineModel::columnCount(const QModelIndex &) const
{
    return 1;
}

QVariant OutlineModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (index.internalId() != kTopLevel)
        return childData(Group(index.internalId() - 1), index.row(), role);
    const Group group = Group(index.row());
    const int total = int(names(group).size());
    switch (role) {
    case Qt::DisplayRole:
        if (group == ConfigurationsGroup)
            return tr("Configurations (%1 of %2)").arg(selectedConfigurations().size()).arg(total);
        if (group == RoutesGroup)
            return tr("Routes (%1 of %2)").arg(selectedRoutes().size()).arg(total);
        if (group == HostsGroup)
            return loadHosts().isEmpty()
                       ? tr("Hosts (%1); the load runs on this machine").arg(total)
                       : tr("Load from %n host(s)", nullptr, int(loadHosts().size()));
        return tr("Concurrency of profile %1").arg(m_profile);
    case Qt::ToolTipRole:
        if (group == HostsGroup)
            return tr("The plan's \"hosts\", reached over ssh; its \"load\": {\"hosts\": [...]} "
                      "splits each window's connections (or rate) among them");
        return {};
    case Qt::CheckStateRole:
        if (group == ConcurrencyGroup || group == HostsGroup)
            return {};
        return groupState(group);
    }
    return {};
}

QVariant OutlineModel::childData(Group group, int row, int role) const
{
    const QString name = names(group).value(row);
    switch (role) {
    case Qt::DisplayRole:
        if (group == ConcurrencyGroup)
            return tr("%n connection(s)", nullptr, name.toInt());
        if (group == HostsGroup)
            return hostText(name);
        if (group == ConfigurationsGroup) { // one on its own host says which
            const plan::Configuration *c = m_plan->configuration(name);
            if (c && !c->host.isEmpty())
                return tr("%1 on %2").arg(name, c->host);
        }
        return name; // where its load comes from: the hosts group, and the tooltip
    case NameRole:
        return name;
    case Qt::CheckStateRole:
        if (group == ConcurrencyGroup || group == HostsGroup)
            return {};
        return unchecked(group)->contains(name) ? Qt::Unchecked : Qt::Checked;
    case Qt::ToolTipRole:
        if (group == ConfigurationsGroup) {
            const plan::Configuration *c = m_plan->configuration(name);
            if (!c)
                return {};
            QString tip =
                tr("%1 on %2").arg(m_plan->redact(c->command.join(QLatin1Char(' '))), c->baseUrl);
            if (!c->host.isEmpty())
                tip += QLatin1Char('\n') + tr("Runs on host %1: its agent there starts, samples "
                                              "and stops the server's tree; the load reaches it "
                                              "over the network")
                                               .arg(c->host);
            if (!loadHosts().isEmpty())
                tip += QLatin1Char('\n') + tr("Its load comes from %1, each host with its share "
                                              "of the connections (or of the rate)")
                                               .arg(loadHosts().join(QStringLiteral(", ")));
            return tip;
        }
        if (group == HostsGroup) {
            const plan::Host *h = m_plan->host(name);
            if (!h)
                return tr("This machine: a load agent started here beside the other hosts'");
            return tr("ssh %1 %2, then %3 agent there")
                .arg(m_plan->redact(h->sshOptions.join(QLatin1Char(' '))), h->ssh, h->agent)
                .simplified();
        }
        if (group == RoutesGroup) {
            const plan::Route *r = m_plan->route(name);
            return r ? tr("%1 %2, expects %3").arg(r->method, r->path).arg(r->expectStatus)
                     : QVariant();
        }
        return {};
    }
    return {};
}

// "bench-a (root@10.0.0.2)": short enough for the outline's pane at 1280 wide; the group's
// title says the load comes from them (every configuration's), the tooltip how each is reached.
QString OutlineModel::hostText(const QString &name) const
{
    const bool load = loadHosts().contains(name);
    const plan::Host *h = m_plan->host(name);
    if (!h) // "local": this machine (its tooltip says so)
        return name;
    if (load && h->ssh == name) // reached by its own name (an ~/.ssh/config entry)
        return name;
    if (load)
        return QStringLiteral("%1 (%2)").arg(name, h->ssh);
    QStringList serves; // the configurations that run on it
    for (const plan::Configuration &c : m_plan->configurations)
        if (c.host == name)
            serves << c.name;
    return serves.isEmpty()
               ? tr("%1: ssh %2 - no load from it").arg(name, h->ssh)
               : tr("%1: ssh %2 - runs %3").arg(name, h->ssh, serves.join(QStringLiteral(", ")));
}

bool OutlineModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::CheckStateRole || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return false;
    const bool topLevel = index.internalId() == kTopLevel;
    const Group group = Group(topLevel ? index.row() : int(index.internalId() - 1));
    QSet<QString> *set = unchecked(group);
    if (!set)
        return false;
    const bool checked = value.value<Qt::CheckState>() != Qt::Unchecked;
    const QStringList affected =
        topLevel ? names(group) : QStringList{names(group).value(index.row())};
    for (const QString &n : affected) {
        if (checked)
            set->remove(n);
        else
            set->insert(n);
    }
    emitChecksChanged(group);
    return true;
}

void OutlineModel::emitChecksChanged(Group group)
{
    const QModelIndex parent = index(group, 0);
    Q_EMIT dataChanged(parent, parent, {Qt::CheckStateRole, Qt::DisplayRole});
    const int rows = rowCount(parent);
    if (rows > 0)
        Q_EMIT dataChanged(index(0, 0, parent), index(rows - 1, 0, parent), {Qt::CheckStateRole});
    Q_EMIT selectionChanged();
}

Qt::ItemFlags OutlineModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    const Group group =
        Group(index.internalId() == kTopLevel ? index.row() : int(index.internalId() - 1));
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (group != ConcurrencyGroup && group != HostsGroup)
        f |= Qt::ItemIsUserCheckable;
    if (index.internalId() != kTopLevel)
        f |= Qt::ItemNeverHasChildren;
    return f;
}

} // namespace sb
