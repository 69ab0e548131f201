#include "profile/perfscript.h"

#include <QRegularExpression>
#include <algorithm>
#include <cctype>

namespace sb::profile {

namespace {

const QByteArray kTruncated = QByteArrayLiteral("[truncated]");
const QByteArray kOverflow = QByteArrayLiteral("[stacks beyond the limit]");
constexpr qsizetype kMaxObjectsListed = 64; // unsymbolised objects, perf maps, interpreters

// QByteArrayView's left()/mid() (Qt 6.4 has first()/sliced(), which must stay in range).
QByteArrayView leftOf(QByteArrayView v, qsizetype n)
{
    return v.first(std::clamp<qsizetype>(n, 0, v.size()));
}

QByteArrayView midOf(QByteArrayView v, qsizetype from, qsizetype n = -1)
{
    from = std::clamp<qsizetype>(from, 0, v.size());
    const qsizetype rest = v.size() - from;
    return v.sliced(from, n < 0 ? rest : std::min(n, rest));
}

bool isSpace(char c)
{
    return c == ' ' || c == '\t';
}

// `text` as one frame of a folded line: valid UTF-8, no separator, no control character, at
// most `maxBytes` bytes (cut on a character boundary, marked with "...").
QByteArray cleanName(QByteArrayView text, qsizetype maxBytes)
{
    QString s = QString::fromUtf8(leftOf(text, maxBytes * 2)); // invalid bytes become U+FFFD
    for (QChar &c : s) {
        if (c == QLatin1Char(';'))
            c = QLatin1Char(':');
        else if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            c = QLatin1Char('?');
    }
    QByteArray out = s.toUtf8();
    if (out.size() > maxBytes) {
        qsizetype cut = std::max<qsizetype>(0, maxBytes - 3);
        while (cut > 0 && (uchar(out[cut]) & 0xc0) == 0x80) // not inside a UTF-8 sequence
            --cut;
        out.truncate(cut);
        out += "...";
    }
    return out;
}

// The file name of an object path: "/usr/lib/x86_64-linux-gnu/libcrypto.so.3" -> "libcrypto.so.3".
QByteArrayView baseName(QByteArrayView path)
{
    const qsizetype slash = path.lastIndexOf('/');
    return slash < 0 ? path : midOf(path, slash + 1);
}

// "python3.11" for CPython's objects (python3.11, libpython3.11.so.1.0); "" otherwise.
QString interpreterOf(QByteArrayView object)
{
    static const QRegularExpression python(QStringLiteral("^(?:lib)?python(3\\.[0-9]+)"));
    const QRegularExpressionMatch m = python.match(QString::fromUtf8(leftOf(baseName(object), 64)));
    return m.hasMatch() ? QStringLiteral("python") + m.captured(1) : QString();
}

bool isPerfMap(QByteArrayView object)
{
    static const QRegularExpression map(QStringLiteral("^/tmp/perf-[0-9]+\\.map$"));
    return map.match(QString::fromUtf8(leftOf(object, 64))).hasMatch();
}

// The comm of a sample's header line: what comes before the pid ("python3 4242/4243 ..." or
// "python3 4242 ..."); a comm may hold spaces ("Web Content 4242/4250 ...").
QByteArrayView commOf(QByteArrayView header)
{
    for (qsizetype i = 1; i < header.size(); ++i) {
        if (!isSpace(header[i]) || isSpace(header[i - 1]))
            continue;
        // header[i] starts a run of blanks after the comm's text; a pid must follow it.
        qsizetype j = i;
        while (j < header.size() && isSpace(header[j]))
            ++j;
        qsizetype k = j;
        while (k < header.size() && header[k] >= '0' && header[k] <= '9')
            ++k;
        if (k > j && (k == header.size() || isSpace(header[k]) || header[k] == '/'))
            return leftOf(header, i);
    }
    return header;
}

} // namespace

PerfScriptFolder::PerfScriptFolder(FoldLimits limits)
    : m_limits(limits)
{}

void PerfScriptFolder::addText(QByteArrayView text)
{
    qsizetype start = 0;
    while (start < text.size()) {
        qsizetype end = text.indexOf('\n', start);
        if (end < 0)
            end = text.size();
        addLine(midOf(text, start, end - start));
        start = end + 1;
    }
}

void PerfScriptFolder::addLine(QByteArrayView line)
{
    if (line.endsWith('\n'))
        line.chop(1);
    if (line.endsWith('\r'))
        line.chop(1);
    if (line.size() > m_limits.maxLineBytes) {
        ++m_out.cutLines;
        line = leftOf(line, m_limits.maxLineBytes);
    }
    if (line.trimmed().isEmpty()) {
        endSample();
        return;
    }
    if (!isSpace(line[0])) { // a header: a new sample (perf separates them by an empty line)
        endSample();
        m_inSample = true;
        m_comm = cleanName(commOf(line).trimmed(), m_limits.maxFrameBytes);
        return;
    }
    if (!m_inSample)
        return; // frames of no sample (a header refused above): nothing to attach them to
    ++m_framesSeen;
    if (m_frames.size() < m_limits.maxFrames) // leaf first: the frames nearest the leaf stay
        m_frames << frameOf(line.trimmed());
}

// One frame line without its indentation: "ADDRESS SYMBOL+0xOFF (OBJECT)".
QByteArray PerfScriptFolder::frameOf(QByteArrayView line)
{
    qsizetype at = 0;
    while (at < line.size() && !isSpace(line[at])) // the address
        ++at;
    QByteArrayView rest = midOf(line, at).trimmed();
    QByteArrayView object;
    if (rest.endsWith(')')) {
        const qsizetype open = rest.lastIndexOf(" (");
        if (open >= 0) {
            object = midOf(rest, open + 2, rest.size() - open - 3);
            rest = leftOf(rest, open).trimmed();
        } else if (rest.startsWith('(')) { // no symbol at all: "(OBJECT)"
            object = midOf(rest, 1, rest.size() - 2);
            rest = {};
        }
    }
    // "+0x53": perf's offset into the symbol, which would split one function into many frames.
    if (const qsizetype plus = rest.lastIndexOf("+0x"); plus > 0) {
        bool hex = plus + 3 < rest.size();
        for (qsizetype i = plus + 3; i < rest.size() && hex; ++i)
            hex = std::isxdigit(uchar(rest[i])) != 0;
        if (hex)
            rest = leftOf(rest, plus);
    }
    const bool kernel = object.startsWith("[kernel") || object.startsWith("[guest.kernel");
    const bool perfMap = isPerfMap(object);
    if (perfMap && m_perfMaps.size() < kMaxObjectsListed)
        m_perfMaps.insert(QString::fromUtf8(object));
    if (const QString interpreter = interpreterOf(object);
        !interpreter.isEmpty() && m_interpreters.size() < kMaxObjectsListed)
        m_interpreters.insert(interpreter);
    if (kernel)
        m_sawKernel = true;
    QByteArray name;
    if (rest.isEmpty() || rest == "[unknown]") {
        const QByteArrayView file = baseName(object);
        if (file.isEmpty() || file == "[unknown]" || file == "unknown") {
            name = QByteArrayLiteral("[unknown]");
        } else {
            name = '[' + cleanName(file, m_limits.maxFrameBytes - 2) + ']';
            const QString key = QString::fromUtf8(name.mid(1, name.size() - 2));
            if (m_unsymbolised.contains(key) || m_unsymbolised.size() < kMaxObjectsListed)
                m_unsymbolised[key] += 1;
        }
    } else {
        name = cleanName(rest, m_limits.maxFrameBytes - 4);
    }
    if (kernel)
        name += "_[k]";
    else if (perfMap)
        name += "_[j]";
    return name;
}

void PerfScriptFolder::endSample()
{
    if (!m_inSample)
        return;
    m_inSample = false;
    ++m_out.samples;
    ++m_depths[m_framesSeen];
    m_out.deepestStack = std::max(m_out.deepestStack, m_framesSeen);
    if (m_sawKernel)
        ++m_out.kernelSamples;
    QByteArray key = m_comm.isEmpty() ? QByteArrayLiteral("[unknown]") : m_comm;
    if (m_framesSeen > m_frames.size()) {
        ++m_out.truncatedStacks;
        key += ';' + kTruncated;
    }
    for (auto it = m_frames.crbegin(); it != m_frames.crend(); ++it)
        key += ';' + *it;
    m_frames.clear();
    m_framesSeen = 0;
    m_sawKernel = false;
    auto found = m_stacks.find(key);
    if (found != m_stacks.end()) {
        ++*found;
        return;
    }
    // A new stack must fit the budget with its count ("STACK 1234567\n").
    const qsizetype lineBytes = key.size() + 22;
    if (m_foldedBytes + lineBytes > m_limits.maxFoldedBytes ||
        m_stacks.size() >= m_limits.maxDistinctStacks) {
        ++m_out.overflowSamples;
        m_stacks[kOverflow] += 1; // one short line, whatever the budget
        return;
    }
    m_foldedBytes += lineBytes;
    m_stacks.insert(key, 1);
}

PerfFold PerfScriptFolder::finish()
{
    endSample();
    QList<QByteArray> keys = m_stacks.keys();
    std::sort(keys.begin(), keys.end());
    QByteArray folded;
    folded.reserve(m_foldedBytes + 64);
    for (const QByteArray &k : keys)
        folded += k + ' ' + QByteArray::number(m_stacks.value(k)) + '\n';
    m_out.folded = folded;
    // The median depth over samples.
    qint64 seen = 0;
    for (auto it = m_depths.cbegin(); it != m_depths.cend(); ++it) {
        seen += it.value();
        if (2 * seen >= m_out.samples) {
            m_out.medianDepth = it.key();
            break;
        }
    }
    QList<QPair<qint64, QString>> objects;
    for (auto it = m_unsymbolised.cbegin(); it != m_unsymbolised.cend(); ++it)
        objects.append({-it.value(), it.key()});
    std::sort(objects.begin(), objects.end());
    for (const auto &o : objects)
        m_out.unsymbolised << o.second;
    m_out.perfMaps = QStringList(m_perfMaps.begin(), m_perfMaps.end());
    m_out.perfMaps.sort();
    m_out.interpreters = QStringList(m_interpreters.begin(), m_interpreters.end());
    m_out.interpreters.sort();
    PerfFold out = m_out;
    *this = PerfScriptFolder(m_limits);
    return out;
}

PerfFold foldPerfScript(QByteArrayView text, FoldLimits limits)
{
    PerfScriptFolder folder(limits);
    folder.addText(text);
    return folder.finish();
}

} // namespace sb::profile
