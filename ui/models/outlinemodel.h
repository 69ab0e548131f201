#pragma once

#include "plan/plan.h"
#include "run/runner.h"

#include <QAbstractItemModel>
#include <QSet>
#include <QStringList>
#include <optional>

namespace sb {

// How long a selection takes to run, from the profile alone. Server starts and readiness waits
// are not known in advance (each may take up to the configuration's ready timeout), so the figure
// is a lower bound: the GUI says "about".
struct RunEstimate
{
    int rounds = 0;            // the profile's rounds
    int windows = 0;           // rounds x configurations x routes x concurrency levels
    qint64 windowMs = 0;       // per window: warm-up + settle + measure + cooldown, in ms
    qint64 totalMs = 0;        // windows x windowMs, in ms
    int serverStarts = 0;      // process trees started, from the profile's process policy
    bool warmupCounted = true; // false: the warm-up is a request count, so not in windowMs
    int retries = 0;           // the profile's re-measures of a window that failed a gate
    qint64 waitQuietMs = 0;    // the plan's sampler.wait_quiet_s, in ms (0 = no wait)
    // A busy machine's bound: every window measured 1 + retries times, each re-measure after
    // the longest wait for a quiet machine, in ms (the busy-machine run took 5 min 15 s against
    // an estimate of 1 min 10 s).
    qint64 worstMs = 0;
};

// A pure function of the profile and the selected counts; any thread.
RunEstimate estimateRun(const plan::Profile &profile, int configurations, int routes,
                        qint64 waitQuietMs = 0);

// The outline beside the plan editor, which is the selection of what to run: the plan's
// configurations and routes, each with a check box, and the concurrency levels of the chosen
// profile. Ticks are kept by name across setPlan() calls (a name that disappears and comes back
// keeps its tick; new names start ticked). No widgets; GUI thread.
//
// Tree: three top-level groups (Configurations, Routes: checkable, partially checked when some
// children are; Concurrency: read-only) with one child per item, and a fourth, read-only, when
// the plan names "hosts": each host with its ssh destination and whether the load comes from it
// (the plan's "load": {"hosts": [...]}, "local" among them for this machine); each
// configuration then says which hosts its load comes from.
class OutlineModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Group
    {
        ConfigurationsGroup,
        RoutesGroup,
        ConcurrencyGroup,
        HostsGroup, // only when the plan names hosts (hasHosts())
        GroupCount
    };
    enum Role
    {
        NameRole = Qt::UserRole + 1 // QString: the configuration's or route's name in the plan
    };

    explicit OutlineModel(QObject *parent = nullptr);

    // The last valid plan; the outline follows it. std::nullopt: nothing valid yet (empty tree).
    void setPlan(const std::optional<plan::Plan> &plan);
    bool hasPlan() const { return m_plan.has_value(); }
    // The plan names hosts (its "hosts" or its load's "hosts"): the tree has HostsGroup.
    bool hasHosts() const;
    // The hosts the load comes from, in the plan's order ("local": this machine); empty when the
    // load runs in this process.
    QStringList loadHosts() const;
    // The plan shown (null when none): its sampler settings decide the pre-flight's verdict.
    const plan::Plan *plan() const { return m_plan ? &*m_plan : nullptr; }

    QStringList profileNames() const;
    QString profileName() const { return m_profile; }
    // Chooses the profile; unknown names are ignored.
    void setProfile(const QString &name);

    // Ticked names, in plan order.
    QStringList selectedConfigurations() const;
    QStringList selectedRoutes() const;
    // Ticks or unticks one item by name; false when there is no such item.
    bool setChecked(Group group, const QString &name, bool checked);

    // Fills options.profile, options.only and options.routes from the selection (an empty filter
    // when everything is ticked, which the runner reads as "all").
    void applyTo(run::RunOptions &options) const;
    // The estimate of the current selection (all zero without a plan or profile).
    RunEstimate estimate() const;
    // The chosen profile's concurrency levels.
    QList<int> concurrency() const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

Q_SIGNALS:
    // The ticks, the profile or the plan changed: what Start would run is different.
    void selectionChanged();

private:
    QStringList names(Group group) const;
    QSet<QString> *unchecked(Group group);
    const QSet<QString> *unchecked(Group group) const;
    const plan::Profile *currentProfile() const;
    Qt::CheckState groupState(Group group) const;
    QVariant childData(Group group, int row, int role) const;
    QString hostText(const QString &name) const;
    void emitChecksChanged(Group group);

    std::optional<plan::Plan> m_plan;
    QString m_profile;
    QSet<QString> m_uncheckedConfigurations;
    QSet<QString> m_uncheckedRoutes;
};

} // namespace sb
