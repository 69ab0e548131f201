// Hooks: "hooks" at the top level, in a configuration and in a route.

#include "core/enginetext.h"
#include "plansections.h"

namespace sb::plan {

namespace {

// The list of `out` a moment's key names at `level`, or nullptr.
QList<Hook> *momentList(const QString &key, int level, HookSet &out)
{
    for (const HookMoment &m : hookMoments()) {
        if ((m.levels & level) && key == QLatin1String(m.key))
            return &(out.*m.list);
    }
    return nullptr;
}

void readHookOrder(FieldReader &f, const JsonValue &obj, const QString &path, Hook &hook)
{
    const JsonValue *v = obj.value(u"order");
    int index = 0;
    if (v && f.enumIndex(*v, jsonChildPath(path, QStringLiteral("order")),
                         latin1List({"first", "last"}), index))
        hook.order = index == 0 ? Hook::Order::First : Hook::Order::Last;
}

void readSqlHook(SectionContext &ctx, const JsonValue &obj, const JsonValue &sql,
                 const QString &path, const Placeholders &placeholders, Hook &hook)
{
    FieldReader &f = ctx.fields;
    hook.kind = Hook::Kind::Sql;
    const QString p = jsonChildPath(path, QStringLiteral("sql"));
    QString raw;
    if (f.string(sql, p, raw, true)) {
        if (!ctx.hasDatabase)
            f.error(sql, p, "plan.value",
                    trEngine("sb::plan", "\"sql\" hook needs a top-level \"database\""));
        else if (const std::optional<Expansion> e = placeholders.expand(sql, p))
            hook.sql = e->value;
    }
    if (const JsonValue *cwd = obj.value(u"cwd"))
        f.error(*cwd, jsonChildPath(path, QStringLiteral("cwd")), "plan.value",
                trEngine("sb::plan", "\"cwd\" applies to command hooks only"));
}

bool readHook(SectionContext &ctx, const JsonValue &obj, const QString &path,
              const Placeholders &placeholders, Hook &hook)
{
    FieldReader &f = ctx.fields;
    if (!f.expectObject(obj, path, latin1List({"sql", "command", "cwd", "timeout_s", "order"})))
        return false;
    const qsizetype before = f.errorCount();
    hook.where = f.where(obj, path);
    hook.cwd = ctx.baseDir;
    const JsonValue *sql = obj.value(u"sql");
    const JsonValue *command = obj.value(u"command");
    if (sql && command) {
        f.error(obj, path, "plan.value",
                trEngine("sb::plan", "a hook has either \"sql\" or \"command\", not both"));
    } else if (!sql && !command) {
        f.error(obj, path, "plan.missing-key",
                trEngine("sb::plan", "missing required key \"sql\" or \"command\""));
    } else if (sql) {
        readSqlHook(ctx, obj, *sql, path, placeholders, hook);
    } else {
        hook.kind = Hook::Kind::Command;
        placeholders.argv(*command, jsonChildPath(path, QStringLiteral("command")), hook.command);
        if (const JsonValue *cwd = obj.value(u"cwd"))
            readDirectory(ctx, *cwd, jsonChildPath(path, QStringLiteral("cwd")), placeholders,
                          hook.cwd);
    }
    if (const JsonValue *v = obj.value(u"timeout_s"))
        f.seconds(*v, jsonChildPath(path, QStringLiteral("timeout_s")), 1, hook.timeoutMs);
    readHookOrder(f, obj, path, hook);
    return f.errorCount() == before;
}

constexpr int kAnyLevel =
    HookMoment::PlanLevel | HookMoment::ConfigurationLevel | HookMoment::RouteLevel;

QString levelName(int level)
{
    if (level == HookMoment::RouteLevel)
        return trEngine("sb::plan", "a route's hooks");
    if (level == HookMoment::ConfigurationLevel)
        return trEngine("sb::plan", "a configuration's hooks");
    return trEngine("sb::plan", "the plan's hooks");
}

// "the plan's or a configuration's \"hooks\"": where the moment `key` may be given, as one
// phrase per set of levels so that a translation can say it its own way.
QString levelsOf(const QString &key)
{
    int levels = 0;
    for (const HookMoment &m : hookMoments())
        if (key == QLatin1String(m.key))
            levels |= m.levels;
    switch (levels) {
    case HookMoment::PlanLevel:
        return trEngine("sb::plan", "the plan's \"hooks\"");
    case HookMoment::ConfigurationLevel:
        return trEngine("sb::plan", "a configuration's \"hooks\"");
    case HookMoment::RouteLevel:
        return trEngine("sb::plan", "a route's \"hooks\"");
    case HookMoment::PlanLevel | HookMoment::ConfigurationLevel:
        return trEngine("sb::plan", "the plan's or a configuration's \"hooks\"");
    case HookMoment::PlanLevel | HookMoment::RouteLevel:
        return trEngine("sb::plan", "the plan's or a route's \"hooks\"");
    case HookMoment::ConfigurationLevel | HookMoment::RouteLevel:
        return trEngine("sb::plan", "a configuration's or a route's \"hooks\"");
    default:
        return trEngine("sb::plan", "the plan's, a configuration's or a route's \"hooks\"");
    }
}

} // namespace

QStringList hookMomentKeys(int level)
{
    QStringList keys;
    for (const HookMoment &m : hookMoments()) {
        if (m.levels & level)
            keys.append(QLatin1String(m.key));
    }
    return keys;
}

void readHookSet(SectionContext &ctx, const JsonValue &obj, const QString &path, int level,
                 const Placeholders &placeholders, HookSet &out)
{
    if (!ctx.fields.expectObject(obj, path, hookMomentKeys(level | kAnyLevel)))
        return;
    for (const JsonMember &m : obj.members) {
        const QString p = jsonChildPath(path, m.key);
        QList<Hook> *list = momentList(m.key, level, out);
        if (!list) {
            if (momentList(m.key, kAnyLevel, out))
                ctx.fields.error(m.line, m.column, p, "plan.value",
                                 trEngine("sb::plan", "\"%1\" is not a moment of %2; give it in %3")
                                     .arg(m.key, levelName(level), levelsOf(m.key)));
            continue;
        }
        if (!m.value.isArray()) {
            ctx.fields.typeError(m.value, p, trEngine("sb::plan", "an array of hooks"));
            continue;
        }
        for (size_t i = 0; i < m.value.items.size(); ++i) {
            Hook hook;
            if (readHook(ctx, m.value.items[i], jsonIndexPath(p, qsizetype(i)), placeholders, hook))
                list->append(hook);
        }
    }
}

} // namespace sb::plan
