#pragma once

// The report as a document: headings, paragraphs, list items and tables of inline text, with
// places for the charts. The report's content is written once (report/reportmarkdown.h) as a
// Document and rendered by format: Markdown and HTML (report/reporthtml.h), and a table as
// terminal lines (the summary `stackbench run` prints). Texts are kept raw; each renderer
// escapes every text for its format with the one function of report/escape.h, so no name can
// become markup in any of them. Pure; any thread; linear in the document's size.

#include <QString>
#include <QStringList>
#include <QVector>
#include <functional>

namespace sb::report {

// A piece of inline text: plain, code (a name, a command), strong, emphasised, or an alert (what
// went wrong: strong in Markdown, strong and red in HTML).
struct Span
{
    enum class Kind
    {
        Text,
        Code,
        Strong,
        Emphasis,
        Alert,
    };
    Kind kind = Kind::Text;
    QString text; // raw, unescaped
};

// Inline text: spans in order. `Inline(x) << code(name) << x` reads as the line it makes.
class Inline
{
public:
    Inline() = default;
    Inline(const QString &text); // plain text (implicit: most cells are plain)

    Inline &operator<<(const Inline &more);
    Inline &operator<<(const QString &text);

    explicit Inline(Span span);

    const QVector<Span> &spans() const { return m_spans; }
    bool isEmpty() const { return m_spans.isEmpty(); }
    // The spans' text joined, without any markup (terminal, titles).
    QString plainText() const;

private:
    QVector<Span> m_spans;
};

Inline code(const QString &text);
Inline strong(const QString &text);
Inline emphasis(const QString &text);
Inline alert(const QString &text);

enum class Align
{
    Left,
    Right, // figures
    Center,
};

struct Table
{
    QVector<Inline> header;
    QVector<Align> align; // per column; missing = left
    QVector<QVector<Inline>> rows;
};

struct Block
{
    enum class Kind
    {
        Heading,   // level 1..3
        Paragraph, //
        ListItem,  // level = nesting depth, 0 = top; adjacent items make one list
        Table,     //
        Charts,    // where a route's charts go (HTML); `route` names it; nothing in Markdown
    };
    Kind kind = Kind::Paragraph;
    int level = 0;
    Inline text;
    Table table;
    QString route;
};

class Document
{
public:
    void heading(int level, const Inline &text);
    void paragraph(const Inline &text);
    void item(const Inline &text, int depth = 0);
    void table(const Table &table);
    void charts(const QString &route);
    Document &operator<<(const Document &more);

    const QVector<Block> &blocks() const { return m_blocks; }

private:
    QVector<Block> m_blocks;
};

// Markdown (CommonMark with GitHub's tables): blocks apart by a blank line, list items
// together, every text escaped by markdownEscaped() for its place.
QString markdownOf(const Document &document);
QString markdownOf(const Inline &text, bool inTable = false);

// The HTML body of the document: <h1>..<h3> with unique ids, <p>, nested <ul>, tables in a
// <div class="table"> (class "n" right-aligned, "c" centred), an alert as <strong
// class="alert">, every text through htmlEscaped().
// A Charts block becomes what `charts(route)` returns (HTML, not escaped again).
QString htmlOf(const Document &document,
               const std::function<QString(const QString &route)> &charts = {});
QString htmlOf(const Inline &text);

// A table as terminal lines: columns padded to their widest cell (up to 40 characters; wider
// cells are not cut, the columns after them shift), right-aligned where the table says, every
// cell's plain text through terminalText(); the header first. Each line ends in '\n'.
QString terminalOf(const Table &table, const QString &indent = QString());

} // namespace sb::report
