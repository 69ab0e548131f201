#include "report/reportdocument.h"

#include "report/escape.h"

#include <QSet>
#include <algorithm>

namespace sb::report {

Inline::Inline(const QString &text)
{
    if (!text.isEmpty())
        m_spans.append({Span::Kind::Text, text});
}

Inline::Inline(Span span)
{
    m_spans.append(std::move(span));
}

Inline &Inline::operator<<(const Inline &more)
{
    m_spans += more.m_spans;
    return *this;
}

Inline &Inline::operator<<(const QString &text)
{
    return *this << Inline(text);
}

QString Inline::plainText() const
{
    QString out;
    for (const Span &s : m_spans)
        out += s.text;
    return out;
}

Inline code(const QString &text)
{
    return Inline(Span{Span::Kind::Code, text});
}

Inline strong(const QString &text)
{
    return Inline(Span{Span::Kind::Strong, text});
}

Inline emphasis(const QString &text)
{
    return Inline(Span{Span::Kind::Emphasis, text});
}

Inline alert(const QString &text)
{
    return Inline(Span{Span::Kind::Alert, text});
}

void Document::heading(int level, const Inline &text)
{
    m_blocks.append({Block::Kind::Heading, std::clamp(level, 1, 3), text, {}, {}});
}

void Document::paragraph(const Inline &text)
{
    m_blocks.append({Block::Kind::Paragraph, 0, text, {}, {}});
}

void Document::item(const Inline &text, int depth)
{
    m_blocks.append({Block::Kind::ListItem, std::max(0, depth), text, {}, {}});
}

void Document::table(const Table &table)
{
    m_blocks.append({Block::Kind::Table, 0, {}, table, {}});
}

void Document::charts(const QString &route)
{
    m_blocks.append({Block::Kind::Charts, 0, {}, {}, route});
}

Document &Document::operator<<(const Document &more)
{
    m_blocks += more.m_blocks;
    return *this;
}

namespace {

// The characters of a document's texts plus room for its markup: what its renderings are
// reserved at, so that they are written once instead of copied at each growth.
qsizetype sizeHint(const Inline &text)
{
    qsizetype n = 16;
    for (const Span &s : text.spans())
        n += s.text.size() + 24;
    return n;
}

qsizetype sizeHint(const Document &document)
{
    qsizetype n = 0;
    for (const Block &b : document.blocks()) {
        n += sizeHint(b.text) + 32;
        for (const Inline &h : b.table.header)
            n += sizeHint(h);
        for (const QVector<Inline> &row : b.table.rows)
            for (const Inline &cell : row)
                n += sizeHint(cell);
    }
    return n + n / 8;
}

// ---- Markdown

void appendMarkdown(QString &out, const Inline &text, bool inTable)
{
    const MarkdownPlace plain = inTable ? MarkdownPlace::TableText : MarkdownPlace::Text;
    for (const Span &s : text.spans()) {
        if (s.text.isEmpty() && s.kind != Span::Kind::Code)
            continue;
        switch (s.kind) {
        case Span::Kind::Text:
            out += markdownEscaped(s.text, plain);
            break;
        case Span::Kind::Code:
            out +=
                markdownEscaped(s.text, inTable ? MarkdownPlace::TableCode : MarkdownPlace::Code);
            break;
        case Span::Kind::Strong:
        case Span::Kind::Alert:
            out += QStringLiteral("**");
            out += markdownEscaped(s.text, plain);
            out += QStringLiteral("**");
            break;
        case Span::Kind::Emphasis:
            out += QLatin1Char('*');
            out += markdownEscaped(s.text, plain);
            out += QLatin1Char('*');
            break;
        }
    }
}

void appendMarkdownRow(QString &out, const QVector<Inline> &cells, qsizetype columns)
{
    out += QLatin1Char('|');
    for (qsizetype c = 0; c < columns; ++c) {
        const Inline cell = cells.value(c);
        out += QLatin1Char(' ');
        if (!cell.isEmpty()) {
            appendMarkdown(out, cell, true);
            out += QLatin1Char(' ');
        }
        out += QLatin1Char('|');
    }
}

void appendMarkdownTable(QString &out, const Table &t)
{
    const qsizetype columns = t.header.size();
    appendMarkdownRow(out, t.header, columns);
    out += QStringLiteral("\n|");
    for (qsizetype c = 0; c < columns; ++c) {
        const Align a = t.align.value(c, Align::Left);
        out += a == Align::Right    ? QStringLiteral("---:|")
               : a == Align::Center ? QStringLiteral(":-:|")
                                    : QStringLiteral("---|");
    }
    for (const QVector<Inline> &row : t.rows) {
        out += QLatin1Char('\n');
        appendMarkdownRow(out, row, columns);
    }
}

} // namespace

QString markdownOf(const Inline &text, bool inTable)
{
    QString out;
    out.reserve(sizeHint(text));
    appendMarkdown(out, text, inTable);
    return out;
}

QString markdownOf(const Document &document)
{
    QString out;
    out.reserve(sizeHint(document));
    Block::Kind previous = Block::Kind::Charts;
    bool first = true;
    for (const Block &b : document.blocks()) {
        if (b.kind == Block::Kind::Charts)
            continue;
        // A blank line between blocks; list items of one list stay together.
        if (!first)
            out += (b.kind == Block::Kind::ListItem && previous == Block::Kind::ListItem)
                       ? QStringLiteral("\n")
                       : QStringLiteral("\n\n");
        first = false;
        previous = b.kind;
        switch (b.kind) {
        case Block::Kind::Heading:
            out += QString(b.level, QLatin1Char('#'));
            out += QLatin1Char(' ');
            appendMarkdown(out, b.text, false);
            break;
        case Block::Kind::Paragraph:
            appendMarkdown(out, b.text, false);
            break;
        case Block::Kind::ListItem:
            out += QString(2 * b.level, QLatin1Char(' '));
            out += QStringLiteral("- ");
            appendMarkdown(out, b.text, false);
            break;
        case Block::Kind::Table:
            appendMarkdownTable(out, b.table);
            break;
        case Block::Kind::Charts:
            break;
        }
    }
    if (!first)
        out += QLatin1Char('\n');
    return out;
}

// ---- HTML

namespace {

void appendHtml(QString &out, const Inline &text)
{
    for (const Span &s : text.spans()) {
        const char *tag = s.kind == Span::Kind::Code       ? "code"
                          : s.kind == Span::Kind::Strong   ? "strong"
                          : s.kind == Span::Kind::Alert    ? "strong"
                          : s.kind == Span::Kind::Emphasis ? "em"
                                                           : nullptr;
        if (tag) {
            out += QLatin1Char('<');
            out += QLatin1String(tag);
            if (s.kind == Span::Kind::Alert)
                out += QStringLiteral(" class=\"alert\"");
            out += QLatin1Char('>');
        }
        out += htmlEscaped(s.text);
        if (tag) {
            out += QStringLiteral("</");
            out += QLatin1String(tag);
            out += QLatin1Char('>');
        }
    }
}

// An id for a heading: its lower-case letters and digits joined by '-', at most 64 characters,
// with "-2", "-3" ... when an earlier heading had the same.
QString slug(const Inline &heading, QSet<QString> &used)
{
    QString s;
    bool dash = false;
    for (const Span &span : heading.spans()) {
        for (const QChar ch : span.text) {
            const char16_t c = ch.toLower().unicode();
            if ((c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9')) {
                if (dash && !s.isEmpty())
                    s += QLatin1Char('-');
                s += QChar(c);
                dash = false;
                if (s.size() >= 64)
                    break;
            } else {
                dash = true;
            }
        }
        if (s.size() >= 64)
            break;
    }
    if (s.isEmpty())
        s = QStringLiteral("section");
    QString id = s;
    for (int n = 2; used.contains(id); ++n)
        id = QStringLiteral("%1-%2").arg(s, QString::number(n));
    used.insert(id);
    return id;
}

QLatin1String alignClass(const Table &t, qsizetype column)
{
    switch (t.align.value(column, Align::Left)) {
    case Align::Right:
        return QLatin1String(" class=\"n\"");
    case Align::Center:
        return QLatin1String(" class=\"c\"");
    case Align::Left:
        break;
    }
    return QLatin1String("");
}

void appendHtmlTable(QString &out, const Table &t)
{
    out += QStringLiteral("<div class=\"table\"><table>\n<thead><tr>");
    for (qsizetype c = 0; c < t.header.size(); ++c) {
        out += QStringLiteral("<th");
        out += alignClass(t, c);
        out += QLatin1Char('>');
        appendHtml(out, t.header[c]);
        out += QStringLiteral("</th>");
    }
    out += QStringLiteral("</tr></thead>\n<tbody>\n");
    for (const QVector<Inline> &row : t.rows) {
        out += QStringLiteral("<tr>");
        for (qsizetype c = 0; c < t.header.size(); ++c) {
            out += QStringLiteral("<td");
            out += alignClass(t, c);
            out += QLatin1Char('>');
            if (c < row.size())
                appendHtml(out, row[c]);
            out += QStringLiteral("</td>");
        }
        out += QStringLiteral("</tr>\n");
    }
    out += QStringLiteral("</tbody></table></div>\n");
}

} // namespace

QString htmlOf(const Inline &text)
{
    QString out;
    out.reserve(sizeHint(text));
    appendHtml(out, text);
    return out;
}

QString htmlOf(const Document &document, const std::function<QString(const QString &)> &charts)
{
    QString out;
    out.reserve(sizeHint(document));
    QSet<QString> ids;
    int openLists = 0; // nesting depth of the open <ul>s
    auto closeLists = [&](int depth) {
        for (; openLists > depth; --openLists)
            out += QStringLiteral("</li></ul>\n");
    };
    for (const Block &b : document.blocks()) {
        if (b.kind != Block::Kind::ListItem)
            closeLists(0);
        switch (b.kind) {
        case Block::Kind::Heading: {
            const QString level = QString::number(b.level);
            out += QStringLiteral("<h") + level + QStringLiteral(" id=\"") + slug(b.text, ids) +
                   QStringLiteral("\">");
            appendHtml(out, b.text);
            out += QStringLiteral("</h") + level + QStringLiteral(">\n");
            break;
        }
        case Block::Kind::Paragraph:
            out += QStringLiteral("<p>");
            appendHtml(out, b.text);
            out += QStringLiteral("</p>\n");
            break;
        case Block::Kind::ListItem: {
            const int depth = b.level + 1;
            closeLists(depth);
            if (openLists == depth)
                out += QStringLiteral("</li>\n");
            for (; openLists < depth; ++openLists)
                out += QStringLiteral("<ul>\n");
            out += QStringLiteral("<li>");
            appendHtml(out, b.text);
            break;
        }
        case Block::Kind::Table:
            appendHtmlTable(out, b.table);
            break;
        case Block::Kind::Charts:
            if (charts)
                out += charts(b.route);
            break;
        }
    }
    closeLists(0);
    return out;
}

// ---- terminal

QString terminalOf(const Table &t, const QString &indent)
{
    constexpr qsizetype kMaxPad = 40;
    const qsizetype columns = t.header.size();
    auto cellText = [](const Inline &cell) { return terminalText(cell.plainText()); };
    QVector<QStringList> rows;
    rows.reserve(t.rows.size() + 1);
    QVector<qsizetype> width(columns, 0);
    auto add = [&](const QVector<Inline> &cells) {
        QStringList row;
        for (qsizetype c = 0; c < columns; ++c) {
            row << cellText(cells.value(c));
            width[c] = std::max(width[c], std::min(kMaxPad, row.last().size()));
        }
        rows << row;
    };
    add(t.header);
    for (const QVector<Inline> &r : t.rows)
        add(r);
    QString out;
    for (const QStringList &row : rows) {
        QString line = indent;
        for (qsizetype c = 0; c < columns; ++c) {
            const bool right = t.align.value(c, Align::Left) == Align::Right;
            const QString &cell = row[c];
            const QString pad(std::max<qsizetype>(0, width[c] - cell.size()), QLatin1Char(' '));
            if (c > 0)
                line += QStringLiteral("  ");
            line += right ? pad + cell : (c + 1 < columns ? cell + pad : cell);
        }
        out += line + QLatin1Char('\n');
    }
    return out;
}

} // namespace sb::report
