<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>sb</name>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1: kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>nothing is compared yet</source>
        <translation>noch nichts verglichen</translation>
    </message>
</context>
<context>
    <name>sb::CellState</name>
    <message>
        <source>pending</source>
        <translation>ausstehend</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>gültig</translation>
    </message>
    <message>
        <source>re-measured</source>
        <translation>neu gemessen</translation>
    </message>
    <message>
        <source>invalid, will retry</source>
        <translation>ungültig, wird wiederholt</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>blocked</source>
        <translation>blockiert</translation>
    </message>
</context>
<context>
    <name>sb::CellsModel</name>
    <message>
        <source>2xx/s median over %1&apos;s; per CPU-second: %2</source>
        <translation>Median 2xx/s gegenüber %1; pro CPU-Sekunde: %2</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>Basis</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>Route</translation>
    </message>
    <message>
        <source>c</source>
        <translation>c</translation>
    </message>
    <message>
        <source>Windows</source>
        <translation>Messfenster</translation>
    </message>
    <message>
        <source>2xx/s median [min-max]</source>
        <translation>2xx/s Median [Min–Max]</translation>
    </message>
    <message>
        <source>per CPU-s median [min-max]</source>
        <translation>pro CPU-s Median [Min–Max]</translation>
    </message>
    <message>
        <source>Ratio to baseline</source>
        <translation>Verhältnis zur Basis</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Befund</translation>
    </message>
    <message>
        <source>2xx/s ratio %1, t test p = %2%3</source>
        <translation>Verhältnis 2xx/s %1, t-Test p = %2%3</translation>
    </message>
    <message>
        <source>Peak RSS of the server tree over the valid windows (PSS %1); the tree&apos;s age: %2</source>
        <translation>RSS-Spitze des Server-Prozessbaums über die gültigen Messfenster (PSS %1); Alter des Prozessbaums: %2</translation>
    </message>
    <message>
        <source>Peak RSS median [min-max]</source>
        <translation>RSS-Spitze Median [Min–Max]</translation>
    </message>
</context>
<context>
    <name>sb::ChartExportMenu</name>
    <message>
        <source>Chart as &amp;PNG…</source>
        <translation>Diagramm als &amp;PNG…</translation>
    </message>
    <message>
        <source>Chart as &amp;SVG…</source>
        <translation>Diagramm als &amp;SVG…</translation>
    </message>
    <message>
        <source>Chart as P&amp;DF…</source>
        <translation>Diagramm als P&amp;DF…</translation>
    </message>
    <message>
        <source>“%1” as &amp;%2…</source>
        <translation>„%1“ als &amp;%2…</translation>
    </message>
</context>
<context>
    <name>sb::ChartPanel</name>
    <message>
        <source>Chart caption</source>
        <translation>Diagrammtitel</translation>
    </message>
    <message>
        <source>Log latency axis</source>
        <translation>Logarithmische Latenzachse</translation>
    </message>
    <message>
        <source>1/s</source>
        <translation>1/s</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>cores</source>
        <translation>Kerne</translation>
    </message>
    <message>
        <source>% of a core</source>
        <translation>Kern-%</translation>
    </message>
    <message>
        <source>2xx/s</source>
        <translation>2xx/s</translation>
    </message>
    <message>
        <source>non-2xx/s</source>
        <translation>Nicht-2xx/s</translation>
    </message>
    <message>
        <source>errors/s</source>
        <translation>Fehler/s</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>max</source>
        <translation>Max</translation>
    </message>
    <message>
        <source>server tree</source>
        <translation>Server-Prozessbaum</translation>
    </message>
    <message>
        <source>generator</source>
        <translation>Lastgenerator</translation>
    </message>
    <message>
        <source>database (excluded)</source>
        <translation>Datenbank (ausgenommen)</translation>
    </message>
    <message>
        <source>server RSS, MiB</source>
        <translation>Server-RSS, MiB</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>foreign CPU</source>
        <translation>fremde CPU</translation>
    </message>
    <message>
        <source>warm-up</source>
        <translation>Aufwärmphase</translation>
    </message>
    <message>
        <source>seconds since the window started</source>
        <translation>Sekunden seit Beginn des Messfensters</translation>
    </message>
    <message>
        <source>gate %1 %</source>
        <translation>Schwelle %1 %</translation>
    </message>
    <message>
        <source>earlier rounds</source>
        <translation>frühere Runden</translation>
    </message>
    <message>
        <source>%1 (window mean)</source>
        <translation>%1 (Mittel des Messfensters)</translation>
    </message>
    <message>
        <source>%1 generator</source>
        <translation>Lastgenerator %1</translation>
    </message>
</context>
<context>
    <name>sb::ChartView</name>
    <message>
        <source>Export as %1…</source>
        <translation>Als %1 exportieren…</translation>
    </message>
    <message>
        <source>Export the chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
</context>
<context>
    <name>sb::CheckController</name>
    <message>
        <source>A check is going on; wait for it or stop it first.</source>
        <translation>Eine Prüfung läuft; warten Sie sie ab oder brechen Sie sie zuerst ab.</translation>
    </message>
</context>
<context>
    <name>sb::CheckView</name>
    <message>
        <source>Check results</source>
        <translation>Prüfergebnisse</translation>
    </message>
    <message>
        <source>Check summary</source>
        <translation>Zusammenfassung der Prüfung</translation>
    </message>
    <message>
        <source>Check (F7) starts each configuration, waits for it to be ready, runs the plan&apos;s parity checks against it and stops it.</source>
        <translation>Prüfen (F7) startet jede Konfiguration, wartet, bis sie bereit ist, führt die Paritätsprüfungen des Plans gegen sie aus und beendet sie wieder.</translation>
    </message>
    <message>
        <source>Parity checks</source>
        <translation>Paritätsprüfungen</translation>
    </message>
    <message>
        <source>Response of the selected check</source>
        <translation>Antwort der gewählten Prüfung</translation>
    </message>
    <message>
        <source>%1 -&gt; %2</source>
        <translation>%1 -&gt; %2</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>The check reports the status and what differed, not the response headers and body.</source>
        <translation>Die Prüfung meldet den Status und die Abweichungen, nicht die Header und den Rumpf der Antwort.</translation>
    </message>
</context>
<context>
    <name>sb::CodeEditor</name>
    <message>
        <source>Plan editor</source>
        <translation>Plan-Editor</translation>
    </message>
    <message>
        <source>The plan&apos;s JSON text</source>
        <translation>Der JSON-Text des Plans</translation>
    </message>
    <message>
        <source>Go to line</source>
        <translation>Gehe zu Zeile</translation>
    </message>
    <message>
        <source>Line (1 to %1):</source>
        <translation>Zeile (1 bis %1):</translation>
    </message>
</context>
<context>
    <name>sb::ColdStartModel</name>
    <message>
        <source>exec to accepting connections: %1</source>
        <translation>exec bis Verbindungen angenommen werden: %1</translation>
    </message>
    <message>
        <source>PSS at ready: %1</source>
        <translation>PSS bei Bereitschaft: %1</translation>
    </message>
    <message>
        <source>Starts of the configuration&apos;s server tree that became ready</source>
        <translation>Starts des Server-Prozessbaums der Konfiguration, die bereit wurden</translation>
    </message>
    <message>
        <source>From the server&apos;s exec to the readiness probe&apos;s expected answer: median [min-max] over the starts</source>
        <translation>Vom exec des Servers bis zur erwarteten Antwort der Bereitschaftsprobe: Median [Min–Max] über die Starts</translation>
    </message>
    <message>
        <source>The whole tree&apos;s resident memory when it became ready: median [min-max] over the starts</source>
        <translation>Residenter Speicher des ganzen Prozessbaums bei Bereitschaft: Median [Min–Max] über die Starts</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Starts</source>
        <translation>Starts</translation>
    </message>
    <message>
        <source>Exec → ready</source>
        <translation>Exec → bereit</translation>
    </message>
    <message>
        <source>RSS at ready</source>
        <translation>RSS bei Bereitschaft</translation>
    </message>
</context>
<context>
    <name>sb::CompareColdStart</name>
    <message>
        <source>Cold start</source>
        <translation>Kaltstart</translation>
    </message>
</context>
<context>
    <name>sb::CompareModel</name>
    <message>
        <source>%1-bound</source>
        <translation>%1-gebunden</translation>
    </message>
    <message>
        <source>%1 (+%2 invalid)</source>
        <translation>%1 (+%2 ungültig)</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>Basis</translation>
    </message>
    <message>
        <source>The cell&apos;s bound and where its configuration&apos;s throughput stopped growing with concurrency</source>
        <translation>Wodurch die Zelle begrenzt ist und ab welcher Nebenläufigkeit der Durchsatz ihrer Konfiguration nicht mehr wuchs</translation>
    </message>
    <message>
        <source>What differs from the baseline run: machine, CPU, kernel, Stackbench revision or plan</source>
        <translation>Was sich vom Basislauf unterscheidet: Rechner, CPU, Kernel, Stackbench-Revision oder Plan</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>Route</translation>
    </message>
    <message>
        <source>c</source>
        <translation>c</translation>
    </message>
    <message>
        <source>Windows</source>
        <translation>Messfenster</translation>
    </message>
    <message>
        <source>Cores</source>
        <translation>Kerne</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Befund</translation>
    </message>
    <message>
        <source>2xx/s
median [min-max]</source>
        <translation>2xx/s
Median [Min–Max]</translation>
    </message>
    <message>
        <source>per CPU-s
median [min-max]</source>
        <translation>pro CPU-s
Median [Min–Max]</translation>
    </message>
    <message>
        <source>Ratio per CPU-s
[95 % CI]</source>
        <translation>Verhältnis pro CPU-s
[95-%-KI]</translation>
    </message>
    <message>
        <source>Ratio 2xx/s
[95 % CI]</source>
        <translation>Verhältnis 2xx/s
[95-%-KI]</translation>
    </message>
    <message>
        <source>Noise
floor</source>
        <translation>Rausch-
grenze</translation>
    </message>
    <message>
        <source>Where the
ceiling is</source>
        <translation>Wo die
Grenze liegt</translation>
    </message>
    <message>
        <source>Not like
for like</source>
        <translation>Nicht
vergleichbar</translation>
    </message>
    <message>
        <source>The baseline of the memory comparison; its tree&apos;s age: %1</source>
        <translation>Die Basis des Speichervergleichs; Alter ihres Prozessbaums: %1</translation>
    </message>
    <message>
        <source>No baseline cell to compare the memory with</source>
        <translation>Keine Basiszelle, mit der der Speicher verglichen werden kann</translation>
    </message>
    <message>
        <source>%1 of the baseline run</source>
        <translation>%1 des Basislaufs</translation>
    </message>
    <message>
        <source>Peak RSS
median [min-max]</source>
        <translation>RSS-Spitze
Median [Min–Max]</translation>
    </message>
    <message>
        <source>Peak PSS
median [min-max]</source>
        <translation>PSS-Spitze
Median [Min–Max]</translation>
    </message>
    <message>
        <source>Tree age</source>
        <translation>Alter des Prozessbaums</translation>
    </message>
    <message>
        <source>Faster or slower only when a t test on the logs of the windows&apos; values (the cells of a configuration judged together, paired by round) gives p &lt; %1 and the ratio is at least %2 % from 1, or beyond the A/A noise floor when one was measured.</source>
        <translation>Schneller oder langsamer nur, wenn ein t-Test auf den Logarithmen der Fensterwerte (die Zellen einer Konfiguration gemeinsam beurteilt, nach Runde gepaart) p &lt; %1 ergibt und das Verhältnis mindestens %2 % von 1 abweicht, oder jenseits des A/A-Rauschbodens, wenn einer gemessen wurde.</translation>
    </message>
    <message>
        <source>Across runs, also outside the drift that the cells both runs share show (inside it: &apos;inside the drift&apos;).</source>
        <translation>Zwischen Läufen außerdem außerhalb der Drift, die die gemeinsamen Zellen beider Läufe zeigen (darin: „innerhalb der Drift“).</translation>
    </message>
    <message>
        <source>t test on the logs, %1: p = %2 (%3 vs %4 windows)</source>
        <translation>t-Test auf den Logarithmen, %1: p = %2 (%3 gegen %4 Fenster)</translation>
    </message>
    <message>
        <source>paired by round</source>
        <translation>nach Runde gepaart</translation>
    </message>
    <message>
        <source>unpaired</source>
        <translation>ungepaart</translation>
    </message>
    <message>
        <source>Ratio of the cell&apos;s median to the baseline&apos;s, with its 95 % interval (Student&apos;s t on the logs of the windows&apos; values, the noise pooled over the configuration&apos;s cells) when the windows support one</source>
        <translation>Verhältnis des Medians der Zelle zu dem der Basis, mit seinem 95-%-Intervall (Student-t auf den Logarithmen der Fensterwerte, das Rauschen über die Zellen der Konfiguration gepoolt), wenn die Fenster eines tragen</translation>
    </message>
</context>
<context>
    <name>sb::ComparePage</name>
    <message>
        <source>Tick two or more runs to compare them cell by cell, or one run to compare its configurations.</source>
        <translation>Wählen Sie zwei oder mehr Läufe, um sie Zelle für Zelle zu vergleichen, oder einen Lauf, um seine Konfigurationen zu vergleichen.</translation>
    </message>
    <message>
        <source>Stored runs</source>
        <translation>Gespeicherte Läufe</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Valid/all</source>
        <translation>Gültig/alle</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>Rechner</translation>
    </message>
    <message>
        <source>Tick the runs to compare; the first ticked is the baseline.</source>
        <translation>Wählen Sie die zu vergleichenden Läufe; der erste gewählte ist die Basis.</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Basis</translation>
    </message>
    <message>
        <source>Noise floor from an A/A run</source>
        <translation>Rauschgrenze aus einem A/A-Lauf</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>2xx/s</source>
        <translation>2xx/s</translation>
    </message>
    <message>
        <source>per CPU-second</source>
        <translation>pro CPU-Sekunde</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>Route of the charts</source>
        <translation>Route der Diagramme</translation>
    </message>
    <message>
        <source>Concurrency of the charts</source>
        <translation>Nebenläufigkeit der Diagramme</translation>
    </message>
    <message>
        <source>Box plots</source>
        <translation>Boxplots</translation>
    </message>
    <message>
        <source>Against concurrency</source>
        <translation>Über der Nebenläufigkeit</translation>
    </message>
    <message>
        <source>Percentiles</source>
        <translation>Perzentile</translation>
    </message>
    <message>
        <source>Timelines</source>
        <translation>Zeitverläufe</translation>
    </message>
    <message>
        <source>Chart written to %1</source>
        <translation>Diagramm nach %1 geschrieben</translation>
    </message>
    <message>
        <source>Baseline:</source>
        <translation>Basis:</translation>
    </message>
    <message>
        <source>Noise floor from A/A run:</source>
        <translation>Rauschgrenze aus A/A-Lauf:</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>Anzeigen:</translation>
    </message>
    <message>
        <source>Charts of route</source>
        <translation>Diagramme der Route</translation>
    </message>
    <message>
        <source>at</source>
        <translation>bei</translation>
    </message>
    <message>
        <source>(pick a row of the table; right-click a chart to export it)</source>
        <translation>(Zeile der Tabelle wählen; Rechtsklick auf ein Diagramm exportiert es)</translation>
    </message>
    <message>
        <source>Export c&amp;hart</source>
        <translation>Dia&amp;gramm exportieren</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>&amp;HTML report of run %1…</source>
        <translation>&amp;HTML-Bericht von Lauf %1…</translation>
    </message>
    <message>
        <source>Export the HTML report</source>
        <translation>HTML-Bericht exportieren</translation>
    </message>
    <message>
        <source>HTML page (*.html)</source>
        <translation>HTML-Seite (*.html)</translation>
    </message>
    <message>
        <source>No run is stored in %1 yet: runs appear here once measured.</source>
        <translation>In %1 ist noch kein Lauf gespeichert: Läufe erscheinen hier, sobald sie gemessen sind.</translation>
    </message>
    <message>
        <source>%1 (A/A)</source>
        <translation>%1 (A/A)</translation>
    </message>
    <message>
        <source>Cannot list the runs: %1</source>
        <translation>Die Läufe können nicht aufgelistet werden: %1</translation>
    </message>
    <message>
        <source>Reading run %1…</source>
        <translation>Lese Lauf %1…</translation>
    </message>
    <message>
        <source>Comparing %1 runs against %2…</source>
        <translation>Vergleiche %1 Läufe mit %2…</translation>
    </message>
    <message>
        <source>Cannot compare: %1</source>
        <translation>Vergleich nicht möglich: %1</translation>
    </message>
    <message>
        <source>Not like for like:
%1</source>
        <translation>Nicht vergleichbar:
%1</translation>
    </message>
    <message>
        <source>noise floor %1 % (%2)</source>
        <translation>Rauschgrenze %1 % (%2)</translation>
    </message>
    <message>
        <source>no noise floor known</source>
        <translation>keine Rauschgrenze bekannt</translation>
    </message>
    <message>
        <source>%1 runs against run %2; %3. Read and compared in %4 ms, shown in %5 ms.</source>
        <translation>%1 Läufe gegen Lauf %2; %3. Gelesen und verglichen in %4 ms, angezeigt in %5 ms.</translation>
    </message>
    <message>
        <source>Configurations of run %1 against %2; %3. Read in %4 ms, shown in %5 ms.</source>
        <translation>Konfigurationen von Lauf %1 gegen %2; %3. Gelesen in %4 ms, angezeigt in %5 ms.</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>no chart is shown</source>
        <translation>kein Diagramm angezeigt</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Export the comparison as HTML</source>
        <translation>Den Vergleich als HTML exportieren</translation>
    </message>
    <message>
        <source>&amp;HTML of this comparison (%1 runs against run %2)…</source>
        <translation>&amp;HTML dieses Vergleichs (%1 Läufe gegen Lauf %2)…</translation>
    </message>
    <message>
        <source>&amp;HTML of the comparison…</source>
        <translation>&amp;HTML des Vergleichs…</translation>
    </message>
    <message>
        <source>the comparison of %1 runs</source>
        <translation>den Vergleich von %1 Läufen</translation>
    </message>
    <message>
        <source>the HTML report of run %1</source>
        <translation>den HTML-Bericht von Lauf %1</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>Schreibe %1…</translation>
    </message>
    <message>
        <source>Wrote %1 to %2</source>
        <translation>%1 nach %2 geschrieben</translation>
    </message>
    <message>
        <source>HTML not written: %1</source>
        <translation>HTML nicht geschrieben: %1</translation>
    </message>
    <message numerus="yes">
        <source>Not like for like:
%1
… and %n more (hover here for all of them)</source>
        <translation>
            <numerusform>Nicht vergleichbar:
%1
… und %n weiterer Punkt (für alle hierher zeigen)</numerusform>
            <numerusform>Nicht vergleichbar:
%1
… und %n weitere Punkte (für alle hierher zeigen)</numerusform>
        </translation>
    </message>
    <message>
        <source>CPU profiles</source>
        <translation>CPU-Profile</translation>
    </message>
    <message>
        <source>Cold start</source>
        <translation>Kaltstart</translation>
    </message>
</context>
<context>
    <name>sb::CompareProfiles</name>
    <message>
        <source>Profile A (baseline)</source>
        <translation>CPU-Profil A (Basislinie)</translation>
    </message>
    <message>
        <source>Profile B</source>
        <translation>CPU-Profil B</translation>
    </message>
    <message>
        <source>Differential flame graph of</source>
        <translation>Differenzielles Flammendiagramm von</translation>
    </message>
    <message>
        <source>against</source>
        <translation>gegen</translation>
    </message>
    <message>
        <source>%1 · %2 · c=%3</source>
        <translation>%1 · %2 · c=%3</translation>
    </message>
    <message>
        <source>Tick runs to compare their CPU profiles.</source>
        <translation>Haken Sie Läufe an, um ihre CPU-Profile zu vergleichen.</translation>
    </message>
    <message>
        <source>None of the compared runs has a CPU profile: profile cells when you run a plan, then compare them here.</source>
        <translation>Keiner der verglichenen Läufe hat ein CPU-Profil: Profilieren Sie Zellen, wenn Sie einen Plan ausführen, und vergleichen Sie sie dann hier.</translation>
    </message>
    <message>
        <source>No CPU profile to show.</source>
        <translation>Kein CPU-Profil anzuzeigen.</translation>
    </message>
    <message>
        <source>Pick two profiles above.</source>
        <translation>Wählen Sie oben zwei Profile.</translation>
    </message>
</context>
<context>
    <name>sb::DiagnosticsModel</name>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>%1 at line %2, column %3: %4</source>
        <translation>%1 in Zeile %2, Spalte %3: %4</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Schweregrad</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>Stelle</translation>
    </message>
    <message>
        <source>JSON path</source>
        <translation>JSON-Pfad</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
</context>
<context>
    <name>sb::FindBar</name>
    <message>
        <source>Match &amp;case</source>
        <translation>&amp;Groß-/Kleinschreibung beachten</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <source>Find next</source>
        <translation>Weitersuchen</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Find previous</source>
        <translation>Rückwärts suchen</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>Ersetzen</translation>
    </message>
    <message>
        <source>Replace this match</source>
        <translation>Diesen Treffer ersetzen</translation>
    </message>
    <message>
        <source>Replace all</source>
        <translation>Alle ersetzen</translation>
    </message>
    <message>
        <source>Replace every match</source>
        <translation>Jeden Treffer ersetzen</translation>
    </message>
    <message>
        <source>Replace with:</source>
        <translation>Ersetzen durch:</translation>
    </message>
    <message>
        <source>Find and replace</source>
        <translation>Suchen und Ersetzen</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>Suchen</translation>
    </message>
    <message>
        <source>Text to find</source>
        <translation>Zu suchender Text</translation>
    </message>
    <message>
        <source>Replacement</source>
        <translation>Ersetzung</translation>
    </message>
    <message>
        <source>Replacement text</source>
        <translation>Ersatztext</translation>
    </message>
    <message>
        <source>Match case</source>
        <translation>Groß-/Kleinschreibung beachten</translation>
    </message>
    <message>
        <source>Find status</source>
        <translation>Suchstatus</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>Schließen (Esc)</translation>
    </message>
    <message>
        <source>Close the find bar</source>
        <translation>Suchleiste schließen</translation>
    </message>
    <message>
        <source>Find:</source>
        <translation>Suchen:</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>Nicht gefunden</translation>
    </message>
    <message>
        <source>Wrapped</source>
        <translation>Am Anfang fortgesetzt</translation>
    </message>
    <message numerus="yes">
        <source>%n replaced</source>
        <translation>
            <numerusform>%n ersetzt</numerusform>
            <numerusform>%n ersetzt</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sb::FlameGraphWidget</name>
    <message numerus="yes">
        <source>%Ln sample(s)</source>
        <translation>
            <numerusform>%Ln Sample</numerusform>
            <numerusform>%Ln Samples</numerusform>
        </translation>
    </message>
    <message>
        <source>Flame graph</source>
        <translation>Flammendiagramm</translation>
    </message>
    <message>
        <source>The profile holds no sample.</source>
        <translation>Das Profil enthält kein Sample.</translation>
    </message>
    <message>
        <source>Neither profile holds a sample.</source>
        <translation>Keines der beiden Profile enthält ein Sample.</translation>
    </message>
    <message>
        <source>No profile is shown.</source>
        <translation>Kein Profil angezeigt.</translation>
    </message>
    <message>
        <source>all samples</source>
        <translation>alle Samples</translation>
    </message>
    <message>
        <source>%1
%2: %3 (%4)
%5: %6 (%7)</source>
        <translation>%1
%2: %3 (%4)
%5: %6 (%7)</translation>
    </message>
    <message>
        <source>change %1; self %2 → %3</source>
        <translation>Änderung %1; selbst %2 → %3</translation>
    </message>
    <message>
        <source>%1
%2, total %3 of all samples
self %4 (%5)</source>
        <translation>%1
%2, insgesamt %3 aller Samples
selbst %4 (%5)</translation>
    </message>
    <message>
        <source>B against A, each as shares of its own samples: blue a smaller share in B, red a larger one (full colour at %1); width: the mean of the two</source>
        <translation>B gegen A, jeweils als Anteil an den eigenen Samples: blau ein kleinerer Anteil in B, rot ein größerer (volle Farbe bei %1); Breite: der Mittelwert beider</translation>
    </message>
</context>
<context>
    <name>sb::HistoryPage</name>
    <message>
        <source>&amp;Markdown report…</source>
        <translation>&amp;Markdown-Bericht…</translation>
    </message>
    <message>
        <source>&amp;CSV report…</source>
        <translation>&amp;CSV-Bericht…</translation>
    </message>
    <message>
        <source>&amp;JSON report…</source>
        <translation>&amp;JSON-Bericht…</translation>
    </message>
    <message>
        <source>&amp;Full export (JSON, for stackbench import)…</source>
        <translation>&amp;Vollständiger Export (JSON, für stackbench import)…</translation>
    </message>
    <message>
        <source>Store %1</source>
        <translation>Ablage %1</translation>
    </message>
    <message>
        <source>&amp;Open run</source>
        <translation>Lauf &amp;öffnen</translation>
    </message>
    <message>
        <source>&amp;Resume run</source>
        <translation>Lauf &amp;fortsetzen</translation>
    </message>
    <message>
        <source>&amp;Import run…</source>
        <translation>Lauf &amp;importieren…</translation>
    </message>
    <message>
        <source>&amp;Delete run…</source>
        <translation>Lauf &amp;löschen…</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>S&amp;witch store…</source>
        <translation>Ablage &amp;wechseln…</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importieren</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Store</source>
        <translation>Ablage</translation>
    </message>
    <message>
        <source>E&amp;xport run</source>
        <translation>Lauf e&amp;xportieren</translation>
    </message>
    <message>
        <source>Filter runs</source>
        <translation>Läufe filtern</translation>
    </message>
    <message>
        <source>Filter: plan, profile, machine, kernel, revision, run…</source>
        <translation>Filter: Plan, Profil, Rechner, Kernel, Revision, Lauf…</translation>
    </message>
    <message>
        <source>Status filter</source>
        <translation>Statusfilter</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Jeder Status</translation>
    </message>
    <message>
        <source>Run actions</source>
        <translation>Laufaktionen</translation>
    </message>
    <message>
        <source>Export run</source>
        <translation>Lauf exportieren</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Stored runs</source>
        <translation>Gespeicherte Läufe</translation>
    </message>
    <message>
        <source>Select a run to see its details.</source>
        <translation>Wählen Sie einen Lauf, um seine Details zu sehen.</translation>
    </message>
    <message>
        <source>cannot read the runs: %1</source>
        <translation>die Läufe können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>no run store there yet: a run or an import creates it</source>
        <translation>dort gibt es noch keine Laufablage: ein Lauf oder ein Import legt sie an</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n Lauf</numerusform>
            <numerusform>%n Läufe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n run(s) shown</source>
        <translation>
            <numerusform>%1 von %n Lauf angezeigt</numerusform>
            <numerusform>%1 von %n Läufen angezeigt</numerusform>
        </translation>
    </message>
    <message>
        <source>Loading run %1…</source>
        <translation>Lade Lauf %1…</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Export run %1</source>
        <translation>Lauf %1 exportieren</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>exporting run %1 to %2…</source>
        <translation>exportiere Lauf %1 nach %2…</translation>
    </message>
    <message>
        <source>Import runs</source>
        <translation>Läufe importieren</translation>
    </message>
    <message>
        <source>Stackbench exports (*.json);;All files (*)</source>
        <translation>Stackbench-Exporte (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>importing %1…</source>
        <translation>importiere %1…</translation>
    </message>
    <message numerus="yes">
        <source>Delete run %1 (%2, profile %3, started %4)?

This removes its %n stored window(s) from the store, with their intervals, samples and histograms, and the run&apos;s events and server logs. It cannot be undone; export the run first to keep a copy.</source>
        <translation>
            <numerusform>Lauf %1 löschen (%2, Profil %3, gestartet %4)?

Damit wird sein %n gespeichertes Messfenster mit Intervallen, Stichproben und Histogrammen aus der Ablage entfernt, ebenso die Ereignisse und Serverprotokolle des Laufs. Das lässt sich nicht rückgängig machen; exportieren Sie den Lauf vorher, um eine Kopie zu behalten.</numerusform>
            <numerusform>Lauf %1 löschen (%2, Profil %3, gestartet %4)?

Damit werden seine %n gespeicherten Messfenster mit Intervallen, Stichproben und Histogrammen aus der Ablage entfernt, ebenso die Ereignisse und Serverprotokolle des Laufs. Das lässt sich nicht rückgängig machen; exportieren Sie den Lauf vorher, um eine Kopie zu behalten.</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete run</source>
        <translation>Lauf löschen</translation>
    </message>
    <message>
        <source>deleting run %1…</source>
        <translation>lösche Lauf %1…</translation>
    </message>
    <message>
        <source>opening %1…</source>
        <translation>öffne %1…</translation>
    </message>
    <message>
        <source>cannot switch to %1: %2</source>
        <translation>Wechsel zu %1 nicht möglich: %2</translation>
    </message>
    <message>
        <source>switched to %1 (no store there yet)</source>
        <translation>zu %1 gewechselt (dort noch keine Ablage)</translation>
    </message>
    <message>
        <source>switched to %1</source>
        <translation>zu %1 gewechselt</translation>
    </message>
    <message>
        <source>import failed: %1</source>
        <translation>Import fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>export failed: %1</source>
        <translation>Export fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>delete failed: %1</source>
        <translation>Löschen fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>imported run %1 from %2</source>
        <translation>Lauf %1 aus %2 importiert</translation>
    </message>
    <message>
        <source>wrote run %1 to %2</source>
        <translation>Lauf %1 nach %2 geschrieben</translation>
    </message>
    <message>
        <source>deleted run %1</source>
        <translation>Lauf %1 gelöscht</translation>
    </message>
    <message>
        <source>&amp;HTML report…</source>
        <translation>&amp;HTML-Bericht…</translation>
    </message>
    <message>
        <source>HTML page (*.html)</source>
        <translation>HTML-Seite (*.html)</translation>
    </message>
    <message>
        <source>Re&amp;try failed cells</source>
        <translation>Fehlgeschlagene Zellen wiede&amp;rholen</translation>
    </message>
    <message>
        <source>Measure the cells that ran out of retries again, with a fresh retry budget (stackbench resume RUN --retry-failed)</source>
        <translation>Die Zellen, deren Wiederholungen aufgebraucht sind, mit neuem Wiederholungsbudget erneut messen (stackbench resume RUN --retry-failed)</translation>
    </message>
    <message>
        <source>Retry failed</source>
        <translation>Fehlgeschlagene wiederholen</translation>
    </message>
</context>
<context>
    <name>sb::LiveTiles</name>
    <message>
        <source>2xx/s</source>
        <translation>2xx/s</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>errors</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>in flight</source>
        <translation>unterwegs</translation>
    </message>
    <message>
        <source>cores: server / generator</source>
        <translation>Kerne: Server / Lastgenerator</translation>
    </message>
    <message>
        <source>foreign CPU: busiest processes</source>
        <translation>fremde CPU: aktivste Prozesse</translation>
    </message>
    <message>
        <source>window</source>
        <translation>Messfenster</translation>
    </message>
    <message>
        <source>warm-up</source>
        <translation>Aufwärmphase</translation>
    </message>
    <message>
        <source>so far</source>
        <translation>bisher</translation>
    </message>
    <message>
        <source>%1 %2; earlier %3 ±%4 %</source>
        <translation>%1 %2; früher %3 ±%4 %</translation>
    </message>
    <message>
        <source>last interval</source>
        <translation>letztes Intervall</translation>
    </message>
    <message>
        <source>%1; earlier %2 ±%3 %</source>
        <translation>%1; früher %2 ±%3 %</translation>
    </message>
    <message>
        <source>of %1 responses</source>
        <translation>von %1 Antworten</translation>
    </message>
    <message>
        <source>draining</source>
        <translation>Auslaufen</translation>
    </message>
    <message>
        <source>c=%1</source>
        <translation>c=%1</translation>
    </message>
    <message>
        <source>generator saturated: %1 threads near a full core each</source>
        <translation>Lastgenerator ausgelastet: %1 Threads nahe je einem vollen Kern</translation>
    </message>
    <message numerus="yes">
        <source>%n load thread(s)</source>
        <translation>
            <numerusform>%n Last-Thread</numerusform>
            <numerusform>%n Last-Threads</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>no process above 0.05 cores</source>
        <translation>kein Prozess über 0,05 Kernen</translation>
    </message>
    <message>
        <source>cores each, last interval</source>
        <translation>Kerne je Prozess, letztes Intervall</translation>
    </message>
    <message>
        <source>generator on %1 saturated: %2 cores of its %3 threads</source>
        <translation>Lastgenerator auf %1 ausgelastet: %2 Kerne seiner %3 Threads</translation>
    </message>
    <message>
        <source>generators, window mean: %1</source>
        <translation>Lastgeneratoren, Mittel des Messfensters: %1</translation>
    </message>
    <message>
        <source>load from %1: each host&apos;s cores once measuring</source>
        <translation>Last von %1: die Kerne jedes Hosts, sobald gemessen wird</translation>
    </message>
</context>
<context>
    <name>sb::LoadController</name>
    <message>
        <source>enter a URL like http://127.0.0.1:8080/health</source>
        <translation>geben Sie eine URL wie http://127.0.0.1:8080/health ein</translation>
    </message>
    <message>
        <source>must be one of %1</source>
        <translation>muss einer von %1 sein</translation>
    </message>
    <message>
        <source>must be above 0</source>
        <translation>muss größer als 0 sein</translation>
    </message>
    <message>
        <source>%1 requests</source>
        <translation>%1 Anfragen</translation>
    </message>
    <message>
        <source>%1s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Running %1 test @ %2</source>
        <translation>Test über %1 gegen %2</translation>
    </message>
    <message>
        <source>  %1 threads and %2 connections, %3</source>
        <translation>  %1 Threads und %2 Verbindungen, %3</translation>
    </message>
    <message>
        <source>open loop at %1 req/s</source>
        <translation>offene Schleife mit %1 Anfragen/s</translation>
    </message>
    <message>
        <source>closed loop</source>
        <translation>geschlossene Schleife</translation>
    </message>
    <message>
        <source>  Latency %1  avg %2   stdev %3   max %4</source>
        <translation>  Latenz %1  Mittel %2   Stdabw. %3   Max %4</translation>
    </message>
    <message>
        <source>(corrected)</source>
        <translation>(korrigiert)</translation>
    </message>
    <message>
        <source>  Latency Distribution</source>
        <translation>  Latenzverteilung</translation>
    </message>
    <message>
        <source>  Uncorrected p50 %1, p99 %2; late requests: %3</source>
        <translation>  Unkorrigiert p50 %1, p99 %2; verspätete Anfragen: %3</translation>
    </message>
    <message>
        <source>  %1 requests in %2s, %3 bytes read</source>
        <translation>  %1 Anfragen in %2 s, %3 Bytes gelesen</translation>
    </message>
    <message>
        <source>  Non-2xx responses: %1 (%2)</source>
        <translation>  Nicht-2xx-Antworten: %1 (%2)</translation>
    </message>
    <message>
        <source>  Socket errors: connect %1, read %2, write %3, timeout %4, parse %5</source>
        <translation>  Socket-Fehler: Verbinden %1, Lesen %2, Schreiben %3, Zeitüberschreitung %4, Parsen %5</translation>
    </message>
    <message>
        <source>  Reconnects: %1</source>
        <translation>  Neuverbindungen: %1</translation>
    </message>
    <message>
        <source>Requests/sec: %1</source>
        <translation>Anfragen/s:   %1</translation>
    </message>
    <message>
        <source>2xx/sec:      %1</source>
        <translation>2xx/s:        %1</translation>
    </message>
    <message>
        <source>Client CPU:   %1s (%2 cores)</source>
        <translation>Client-CPU:   %1 s (%2 Kerne)</translation>
    </message>
    <message>
        <source>Server tree:  %1 cores, %2 2xx per CPU-second, peak RSS %3 MiB (%4, pid %5)</source>
        <translation>Serverbaum:   %1 Kerne, %2 2xx pro CPU-Sekunde, RSS-Spitze %3 MiB (%4, PID %5)</translation>
    </message>
    <message>
        <source>Aborted: %1</source>
        <translation>Abgebrochen: %1</translation>
    </message>
    <message>
        <source>Interrupted: the numbers cover the time until the interruption.</source>
        <translation>Unterbrochen: Die Zahlen umfassen die Zeit bis zur Unterbrechung.</translation>
    </message>
    <message>
        <source>A quick test is going on; stop it first.</source>
        <translation>Ein Schnelltest läuft; beenden Sie ihn zuerst.</translation>
    </message>
    <message>
        <source>Cannot sample process %1: %2</source>
        <translation>Prozess %1 kann nicht erfasst werden: %2</translation>
    </message>
    <message>
        <source>give a CA file or Insecure, not both</source>
        <translation>eine CA-Datei oder „Unsicher“ angeben, nicht beides</translation>
    </message>
    <message>
        <source>cannot read &quot;%1&quot;: %2</source>
        <translation>&quot;%1&quot; kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>  TLS errors: handshake %1, certificate %2, alert %3, closed without close_notify %4</source>
        <translation>  TLS-Fehler: Handshake %1, Zertifikat %2, Alert %3, ohne close_notify geschlossen %4</translation>
    </message>
    <message>
        <source>TLS: %1</source>
        <translation>TLS: %1</translation>
    </message>
    <message>
        <source>must be between 1 and %1</source>
        <translation>muss zwischen 1 und %1 liegen</translation>
    </message>
</context>
<context>
    <name>sb::MainWindow</name>
    <message>
        <source>H&amp;istory</source>
        <translation>&amp;Verlauf</translation>
    </message>
    <message>
        <source>Stackbench</source>
        <translation>Stackbench</translation>
    </message>
    <message>
        <source>Open a plan (Ctrl+O) or start one from a template (Ctrl+N).</source>
        <translation>Öffnen Sie einen Plan (Strg+O) oder beginnen Sie einen aus einer Vorlage (Strg+N).</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Quick test</source>
        <translation>Schnelltest</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>&amp;New plan from a template…</source>
        <translation>&amp;Neuer Plan aus einer Vorlage…</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;as…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>&amp;Suchen…</translation>
    </message>
    <message>
        <source>R&amp;eplace…</source>
        <translation>&amp;Ersetzen…</translation>
    </message>
    <message>
        <source>Find &amp;next</source>
        <translation>&amp;Nächster Treffer</translation>
    </message>
    <message>
        <source>Find &amp;previous</source>
        <translation>&amp;Vorheriger Treffer</translation>
    </message>
    <message>
        <source>&amp;Go to line…</source>
        <translation>&amp;Gehe zu Zeile…</translation>
    </message>
    <message>
        <source>&amp;Check</source>
        <translation>&amp;Prüfen</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>S&amp;toppen</translation>
    </message>
    <message>
        <source>&amp;Resume…</source>
        <translation>&amp;Fortsetzen…</translation>
    </message>
    <message>
        <source>&amp;About Stackbench</source>
        <translation>&amp;Über Stackbench</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Neu</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>About Stackbench</source>
        <translation>Über Stackbench</translation>
    </message>
    <message>
        <source>Stackbench %1
Fair benchmarks of complete HTTP server stacks.</source>
        <translation>Stackbench %1
Faire Benchmarks vollständiger HTTP-Server-Stacks.</translation>
    </message>
    <message>
        <source>&amp;Plan</source>
        <translation>&amp;Plan</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Lauf</translation>
    </message>
    <message>
        <source>&amp;Quick test</source>
        <translation>&amp;Schnelltest</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>&amp;Verlauf</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>Ver&amp;gleich</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>The language changes when Stackbench restarts.</source>
        <translation>Die Sprache wechselt beim nächsten Start von Stackbench.</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Haupt</translation>
    </message>
    <message>
        <source>Main toolbar</source>
        <translation>Hauptwerkzeugleiste</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>Problems (%1)</source>
        <translation>Probleme (%1)</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>Check results</source>
        <translation>Prüfergebnisse</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <source>New plan from the template %1: %2</source>
        <translation>Neuer Plan aus der Vorlage %1: %2</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Looking for an interrupted run of this plan…</source>
        <translation>Suche nach einem unterbrochenen Lauf dieses Plans…</translation>
    </message>
    <message>
        <source>A run is going on</source>
        <translation>Ein Lauf ist im Gange</translation>
    </message>
    <message>
        <source>Stop the run and close? The window being measured is not stored; the run can be resumed later.</source>
        <translation>Lauf stoppen und schließen? Das laufende Messfenster wird nicht gespeichert; der Lauf kann später fortgesetzt werden.</translation>
    </message>
    <message>
        <source>Stopping the run, then closing…</source>
        <translation>Lauf wird gestoppt, danach wird geschlossen…</translation>
    </message>
    <message>
        <source>Preferences saved.</source>
        <translation>Einstellungen gespeichert.</translation>
    </message>
    <message>
        <source>Preferen&amp;ces…</source>
        <translation>E&amp;instellungen…</translation>
    </message>
    <message>
        <source>Retr&amp;y failed cells…</source>
        <translation>Fehlgeschlagene Zellen wiede&amp;rholen…</translation>
    </message>
    <message>
        <source>Retry failed</source>
        <translation>Fehlgeschlagene wiederholen</translation>
    </message>
    <message>
        <source>Measure the failed cells of the newest run of this plan again, with a fresh retry budget</source>
        <translation>Die fehlgeschlagenen Zellen des neuesten Laufs dieses Plans mit neuem Wiederholungsbudget erneut messen</translation>
    </message>
    <message>
        <source>Quick test kept in history as run %1</source>
        <translation>Schnelltest im Verlauf als Lauf %1 behalten</translation>
    </message>
</context>
<context>
    <name>sb::MatrixModel</name>
    <message>
        <source> (attempt %1)</source>
        <translation> (Versuch %1)</translation>
    </message>
    <message>
        <source>2xx/s: %1</source>
        <translation>2xx/s: %1</translation>
    </message>
    <message>
        <source>p99: %1</source>
        <translation>p99: %1</translation>
    </message>
    <message>
        <source>cores: %1</source>
        <translation>Kerne: %1</translation>
    </message>
    <message>
        <source>per CPU-second: %1</source>
        <translation>pro CPU-Sekunde: %1</translation>
    </message>
    <message>
        <source>flags: %1</source>
        <translation>Markierungen: %1</translation>
    </message>
    <message>
        <source>Double-click to open its timeline.</source>
        <translation>Doppelklick öffnet den Zeitverlauf.</translation>
    </message>
    <message>
        <source>reason: %1</source>
        <translation>Grund: %1</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>retry</source>
        <translation>Wiederholung</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>blocked</source>
        <translation>blockiert</translation>
    </message>
    <message>
        <source>c=%1 r%2</source>
        <translation>c=%1 R%2</translation>
    </message>
    <message>
        <source>concurrency %1, round %2</source>
        <translation>Nebenläufigkeit %1, Runde %2</translation>
    </message>
    <message>
        <source>%1 - %2</source>
        <translation>%1 - %2</translation>
    </message>
    <message>
        <source>configuration %1, route %2</source>
        <translation>Konfiguration %1, Route %2</translation>
    </message>
</context>
<context>
    <name>sb::MatrixView</name>
    <message>
        <source>Matrix grid</source>
        <translation>Matrixraster</translation>
    </message>
</context>
<context>
    <name>sb::OutlineModel</name>
    <message>
        <source>Configurations (%1 of %2)</source>
        <translation>Konfigurationen (%1 von %2)</translation>
    </message>
    <message>
        <source>Routes (%1 of %2)</source>
        <translation>Routen (%1 von %2)</translation>
    </message>
    <message>
        <source>Concurrency of profile %1</source>
        <translation>Nebenläufigkeit des Profils %1</translation>
    </message>
    <message numerus="yes">
        <source>%n connection(s)</source>
        <translation>
            <numerusform>%n Verbindung</numerusform>
            <numerusform>%n Verbindungen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>%1 %2, expects %3</source>
        <translation>%1 %2, erwartet %3</translation>
    </message>
    <message>
        <source>Hosts (%1); the load runs on this machine</source>
        <translation>Hosts (%1); die Last entsteht auf diesem Rechner</translation>
    </message>
    <message numerus="yes">
        <source>Load from %n host(s)</source>
        <translation>
            <numerusform>Last von %n Host</numerusform>
            <numerusform>Last von %n Hosts</numerusform>
        </translation>
    </message>
    <message>
        <source>The plan&apos;s &quot;hosts&quot;, reached over ssh; its &quot;load&quot;: {&quot;hosts&quot;: [...]} splits each window&apos;s connections (or rate) among them</source>
        <translation>Die &quot;hosts&quot; des Plans, per ssh erreicht; sein &quot;load&quot;: {&quot;hosts&quot;: [...]} teilt die Verbindungen (oder die Rate) jedes Messfensters unter ihnen auf</translation>
    </message>
    <message>
        <source>Its load comes from %1, each host with its share of the connections (or of the rate)</source>
        <translation>Ihre Last kommt von %1, jeder Host mit seinem Anteil an den Verbindungen (oder an der Rate)</translation>
    </message>
    <message>
        <source>This machine: a load agent started here beside the other hosts&apos;</source>
        <translation>Dieser Rechner: ein Last-Agent, hier neben denen der anderen Hosts gestartet</translation>
    </message>
    <message>
        <source>ssh %1 %2, then %3 agent there</source>
        <translation>ssh %1 %2, dann dort %3 agent</translation>
    </message>
    <message>
        <source>%1: ssh %2 - no load from it</source>
        <translation>%1: ssh %2 – keine Last von diesem Host</translation>
    </message>
    <message>
        <source>Runs on host %1: its agent there starts, samples and stops the server&apos;s tree; the load reaches it over the network</source>
        <translation>Läuft auf Host %1: sein Agent startet, misst und stoppt dort den Prozessbaum des Servers; die Last erreicht ihn über das Netz</translation>
    </message>
    <message>
        <source>%1: ssh %2 - runs %3</source>
        <translation>%1: ssh %2 – führt %3 aus</translation>
    </message>
</context>
<context>
    <name>sb::OutlineView</name>
    <message>
        <source>Outline</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <source>The profile to run: rounds, concurrency levels and window lengths</source>
        <translation>Das auszuführende Profil: Runden, Nebenläufigkeitsstufen und Fensterlängen</translation>
    </message>
    <message>
        <source>Configurations and routes to run</source>
        <translation>Auszuführende Konfigurationen und Routen</translation>
    </message>
    <message>
        <source>Windows to measure</source>
        <translation>Zu messende Messfenster</translation>
    </message>
    <message>
        <source>Length of one window</source>
        <translation>Länge eines Messfensters</translation>
    </message>
    <message>
        <source>Estimated duration</source>
        <translation>Geschätzte Dauer</translation>
    </message>
    <message>
        <source>Outline state</source>
        <translation>Zustand der Übersicht</translation>
    </message>
    <message>
        <source>&amp;Profile:</source>
        <translation>&amp;Profil:</translation>
    </message>
    <message>
        <source>Windows:</source>
        <translation>Messfenster:</translation>
    </message>
    <message>
        <source>Per window:</source>
        <translation>Pro Messfenster:</translation>
    </message>
    <message>
        <source>Duration:</source>
        <translation>Dauer:</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>No valid plan yet: the Problems list says what to fix.</source>
        <translation>Noch kein gültiger Plan: Die Liste „Probleme“ zeigt, was zu beheben ist.</translation>
    </message>
    <message>
        <source>%1 (rounds %2 × configurations %3 × routes %4 × concurrency levels %5)</source>
        <translation>%1 (Runden %2 × Konfigurationen %3 × Routen %4 × Nebenläufigkeitsstufen %5)</translation>
    </message>
    <message>
        <source>plus a warm-up of a number of requests</source>
        <translation>zuzüglich einer Aufwärmphase über eine Anzahl von Anfragen</translation>
    </message>
    <message>
        <source>nothing to run: tick at least one configuration and one route</source>
        <translation>nichts auszuführen: Wählen Sie mindestens eine Konfiguration und eine Route aus</translation>
    </message>
    <message>
        <source>about %1, plus server starts (%2) and readiness waits</source>
        <translation>etwa %1, zuzüglich Serverstarts (%2) und Wartezeit auf Bereitschaft</translation>
    </message>
    <message>
        <source>The text has problems: this is the last valid version.</source>
        <translation>Der Text hat Probleme: Dies ist die letzte gültige Fassung.</translation>
    </message>
    <message>
        <source>Machine before Start</source>
        <translation>Rechner vor dem Start</translation>
    </message>
    <message>
        <source>Read every few seconds: the machine&apos;s load, the CPU other processes take (the foreign CPU the gate counts) and the busiest of them</source>
        <translation>Alle paar Sekunden gelesen: die Last des Rechners, die CPU, die andere Prozesse belegen (die fremde CPU, die die Schwelle zählt), und die aktivsten unter ihnen</translation>
    </message>
    <message>
        <source>Foreign-CPU gate</source>
        <translation>Schwelle für fremde CPU</translation>
    </message>
    <message>
        <source>sampler.foreign_gate: the mean foreign CPU that fails a window, of the machine (&quot;32%machine&quot;) or of one core (&quot;150%&quot;)</source>
        <translation>sampler.foreign_gate: die mittlere fremde CPU, ab der ein Messfenster scheitert, bezogen auf den Rechner (&quot;32%machine&quot;) oder auf einen Kern (&quot;150%&quot;)</translation>
    </message>
    <message>
        <source>Quiet wait</source>
        <translation>Warten auf Ruhe</translation>
    </message>
    <message>
        <source>sampler.wait_quiet_s: before re-measuring a window that failed the gate, wait up to this long for a quiet machine (0 = no wait)</source>
        <translation>sampler.wait_quiet_s: vor dem erneuten Messen eines Messfensters, das die Schwelle nicht bestanden hat, höchstens so lange auf einen ruhigen Rechner warten (0 = nicht warten)</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>&amp;Gate:</source>
        <translation>&amp;Schwelle:</translation>
    </message>
    <message>
        <source>&amp;Quiet wait:</source>
        <translation>Warten auf &amp;Ruhe:</translation>
    </message>
    <message>
        <source>up to %1 on a busy machine (each window measured %2 times, waiting up to %3 for quiet before each re-measure)</source>
        <translation>bis zu %1 auf einem ausgelasteten Rechner (jedes Messfenster %2-mal gemessen, vor jeder erneuten Messung bis zu %3 Warten auf Ruhe)</translation>
    </message>
    <message>
        <source>up to %1 on a busy machine (each window measured %2 times)</source>
        <translation>bis zu %1 auf einem ausgelasteten Rechner (jedes Messfenster %2-mal gemessen)</translation>
    </message>
    <message>
        <source>Ready: press Start (F5) to measure these windows, or Check (F7) first to try each configuration once.</source>
        <translation>Bereit: Drücken Sie „Starten“ (F5), um diese Messfenster zu messen, oder zuerst „Prüfen“ (F7), um jede Konfiguration einmal auszuprobieren.</translation>
    </message>
    <message>
        <source>What the run will measure</source>
        <translation>Was der Lauf messen wird</translation>
    </message>
</context>
<context>
    <name>sb::PageSwitcher</name>
    <message>
        <source>Pages</source>
        <translation>Seiten</translation>
    </message>
    <message>
        <source>%1 (Ctrl+%2)</source>
        <translation>%1 (Strg+%2)</translation>
    </message>
</context>
<context>
    <name>sb::ParityModel</name>
    <message numerus="yes">
        <source>%n field check(s)</source>
        <translation>
            <numerusform>%n Feldprüfung</numerusform>
            <numerusform>%n Feldprüfungen</numerusform>
        </translation>
    </message>
    <message>
        <source>pass</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>FEHLER</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>nicht ausgeführt</translation>
    </message>
    <message>
        <source>no response</source>
        <translation>keine Antwort</translation>
    </message>
    <message>
        <source>start and readiness</source>
        <translation>Start und Bereitschaft</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Anfrage</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>Erwartet</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Grund</translation>
    </message>
</context>
<context>
    <name>sb::PlanFile</name>
    <message>
        <source>Open &amp;recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>untitled.json</source>
        <translation>unbenannt.json</translation>
    </message>
    <message>
        <source>Stackbench[*]</source>
        <translation>Stackbench[*]</translation>
    </message>
    <message>
        <source>%1[*] — Stackbench</source>
        <translation>%1[*] — Stackbench</translation>
    </message>
    <message>
        <source>Open plan</source>
        <translation>Plan öffnen</translation>
    </message>
    <message>
        <source>Plans (*.json);;All files (*)</source>
        <translation>Pläne (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>New plan from a template</source>
        <translation>Neuer Plan aus einer Vorlage</translation>
    </message>
    <message>
        <source>Template:</source>
        <translation>Vorlage:</translation>
    </message>
    <message>
        <source>Save plan</source>
        <translation>Plan speichern</translation>
    </message>
    <message>
        <source>Save plan as</source>
        <translation>Plan speichern unter</translation>
    </message>
    <message>
        <source>Unsaved plan</source>
        <translation>Ungespeicherter Plan</translation>
    </message>
    <message>
        <source>The plan has unsaved edits. Save them?</source>
        <translation>Der Plan hat ungespeicherte Änderungen. Speichern?</translation>
    </message>
    <message>
        <source>%1 reads the plan file: save the plan first?</source>
        <translation>%1 liest die Plandatei: den Plan zuerst speichern?</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>Open recent</source>
        <translation>Zuletzt geöffnet</translation>
    </message>
</context>
<context>
    <name>sb::PlanPage</name>
    <message>
        <source>Plan page</source>
        <translation>Planseite</translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1: kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1: the file is %2 MiB; a plan must be at most %3 MiB</source>
        <translation>%1: Die Datei ist %2 MiB groß; ein Plan darf höchstens %3 MiB groß sein</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1: kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>untitled.json</source>
        <translation>unbenannt.json</translation>
    </message>
</context>
<context>
    <name>sb::Preflight</name>
    <message>
        <source>load %1 on %2 cores</source>
        <translation>Last %1 auf %2 Kernen</translation>
    </message>
    <message>
        <source>Machine now: cannot be read</source>
        <translation>Rechner jetzt: nicht lesbar</translation>
    </message>
    <message>
        <source>Machine now: %1</source>
        <translation>Rechner jetzt: %1</translation>
    </message>
    <message>
        <source>other processes %1 %</source>
        <translation>andere Prozesse %1 %</translation>
    </message>
    <message>
        <source>%1 %2 cores</source>
        <translation>%1 %2 Kerne</translation>
    </message>
    <message>
        <source>under the foreign-CPU gate (%1 %): windows should pass</source>
        <translation>unter der Schwelle für fremde CPU (%1 %): Messfenster sollten sie bestehen</translation>
    </message>
    <message>
        <source>over the foreign-CPU gate (%1 %): windows would fail it</source>
        <translation>über der Schwelle für fremde CPU (%1 %): Messfenster würden an ihr scheitern</translation>
    </message>
    <message>
        <source>and be measured again up to %1 times, each after a wait of up to %2 for quiet</source>
        <translation>und bis zu %1-mal erneut gemessen werden, jeweils nach bis zu %2 Warten auf Ruhe</translation>
    </message>
    <message>
        <source>and be measured again up to %1 times at once</source>
        <translation>und sofort bis zu %1-mal erneut gemessen werden</translation>
    </message>
    <message>
        <source>raise sampler.foreign_gate or sampler.wait_quiet_s in the plan, or stop those processes</source>
        <translation>erhöhen Sie sampler.foreign_gate oder sampler.wait_quiet_s im Plan, oder beenden Sie diese Prozesse</translation>
    </message>
    <message>
        <source>Machine now: %1 — %2</source>
        <translation>Rechner jetzt: %1 — %2</translation>
    </message>
</context>
<context>
    <name>sb::ProcessListModel</name>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Command line</source>
        <translation>Befehlszeile</translation>
    </message>
</context>
<context>
    <name>sb::ProfileDialog</name>
    <message>
        <source>CPU profile: %1 on %2 at c=%3 (run %4)</source>
        <translation>CPU-Profil: %1 auf %2 bei c=%3 (Lauf %4)</translation>
    </message>
    <message>
        <source>Differential flame graph: %1 against %2</source>
        <translation>Differenzielles Flammendiagramm: %1 gegen %2</translation>
    </message>
</context>
<context>
    <name>sb::ProfileFunctionsModel</name>
    <message>
        <source>The function (frame) name</source>
        <translation>Der Name der Funktion (des Frames)</translation>
    </message>
    <message>
        <source>The change in self share from %1 to %2, percentage points</source>
        <translation>Die Änderung des Selbst-Anteils von %1 zu %2, in Prozentpunkten</translation>
    </message>
    <message>
        <source>Shares of each profile&apos;s own samples</source>
        <translation>Anteile an den eigenen Samples jedes Profils</translation>
    </message>
    <message>
        <source>Samples in the function itself</source>
        <translation>Samples in der Funktion selbst</translation>
    </message>
    <message>
        <source>Samples with the function anywhere on the stack, counted once per stack</source>
        <translation>Samples mit der Funktion irgendwo im Stack, einmal pro Stack gezählt</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>Funktion</translation>
    </message>
    <message>
        <source>Self in %1</source>
        <translation>Selbst in %1</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Total in %1</source>
        <translation>Gesamt in %1</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>Selbst</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>Self samples</source>
        <translation>Samples selbst</translation>
    </message>
    <message>
        <source>Total samples</source>
        <translation>Samples gesamt</translation>
    </message>
</context>
<context>
    <name>sb::ProfileList</name>
    <message>
        <source>%1 on %2 at c=%3</source>
        <translation>%1 auf %2 bei c=%3</translation>
    </message>
    <message>
        <source>CPU profile…</source>
        <translation>CPU-Profil…</translation>
    </message>
    <message>
        <source>Differential flame graph…</source>
        <translation>Differenzielles Flammendiagramm…</translation>
    </message>
    <message>
        <source>CPU profiles</source>
        <translation>CPU-Profile</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>Route</translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation>Nebenläufigkeit</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Runde</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Samples</translation>
    </message>
    <message>
        <source>Window 2xx/s (cell median)</source>
        <translation>Messfenster 2xx/s (Median der Zelle)</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>The selected profile&apos;s flame graph and top functions</source>
        <translation>Flammendiagramm und häufigste Funktionen des gewählten Profils</translation>
    </message>
    <message>
        <source>Select two profiles: the second against the first, coloured by the change in each frame&apos;s share</source>
        <translation>Wählen Sie zwei Profile: das zweite gegen das erste, gefärbt nach der Änderung des Anteils jedes Frames</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>No cell of this run was profiled.</source>
        <translation>Keine Zelle dieses Laufs wurde profiliert.</translation>
    </message>
    <message>
        <source>Double-click a profile for its flame graph; select two for a differential flame graph (the second against the first).</source>
        <translation>Doppelklicken Sie ein Profil für sein Flammendiagramm; wählen Sie zwei für ein differenzielles Flammendiagramm (das zweite gegen das erste).</translation>
    </message>
</context>
<context>
    <name>sb::ProfileView</name>
    <message>
        <source>frame pointers</source>
        <translation>Frame-Pointer</translation>
    </message>
    <message>
        <source>DWARF</source>
        <translation>DWARF</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>Zoom zurücksetzen</translation>
    </message>
    <message>
        <source>The window: the profiling window, one more window of the cell under perf after its measured windows; its 2xx/s against the cell&apos;s median shows what profiling cost.</source>
        <translation>Das Messfenster: das Profilierungsfenster, ein weiteres Messfenster der Zelle unter perf nach ihren Messfenstern; seine 2xx/s gegen den Median der Zelle zeigen, was das Profilieren gekostet hat.</translation>
    </message>
    <message>
        <source>Search frames</source>
        <translation>Frames suchen</translation>
    </message>
    <message>
        <source>Highlights the frames whose name contains the text (case-insensitive) and shows the share of samples they cover.</source>
        <translation>Hebt die Frames hervor, deren Name den Text enthält (ohne Groß-/Kleinschreibung), und zeigt den Anteil der Samples, den sie abdecken.</translation>
    </message>
    <message>
        <source>Show the whole profile again (Escape in the graph)</source>
        <translation>Wieder das ganze Profil zeigen (Escape im Diagramm)</translation>
    </message>
    <message>
        <source>Export folded stacks…</source>
        <translation>Gefaltete Stacks exportieren…</translation>
    </message>
    <message>
        <source>Brendan Gregg&apos;s folded format, as speedscope, hotspot and flamegraph.pl read it</source>
        <translation>Das gefaltete Format von Brendan Gregg, wie es speedscope, hotspot und flamegraph.pl lesen</translation>
    </message>
    <message>
        <source>Stacks of %1…</source>
        <translation>Stacks von %1…</translation>
    </message>
    <message>
        <source>Top functions</source>
        <translation>Häufigste Funktionen</translation>
    </message>
    <message>
        <source>Double-click a function to search for it in the graph</source>
        <translation>Doppelklicken Sie eine Funktion, um sie im Diagramm zu suchen</translation>
    </message>
    <message>
        <source>No profile is shown.</source>
        <translation>Kein Profil angezeigt.</translation>
    </message>
    <message>
        <source>%1 samples at %2 Hz (%3), round %4</source>
        <translation>%1 Samples bei %2 Hz (%3), Runde %4</translation>
    </message>
    <message>
        <source>; window %1 2xx/s, %2 against the cell&apos;s median %3</source>
        <translation>; Messfenster %1 2xx/s, %2 gegen den Median der Zelle %3</translation>
    </message>
    <message>
        <source>; window %1 2xx/s</source>
        <translation>; Messfenster %1 2xx/s</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <source>The stored stacks cannot be read: %1</source>
        <translation>Die gespeicherten Stacks können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>A, %1: %2
B, %3: %4</source>
        <translation>A, %1: %2
B, %3: %4</translation>
    </message>
    <message>
        <source>The stored stacks of %1 cannot be read: %2</source>
        <translation>Die gespeicherten Stacks von %1 können nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>The two profiles cannot be compared: %1</source>
        <translation>Die beiden Profile können nicht verglichen werden: %1</translation>
    </message>
    <message>
        <source>no frame matches</source>
        <translation>kein Frame passt</translation>
    </message>
    <message numerus="yes">
        <source>%n function(s) match, %1 of all samples</source>
        <translation>
            <numerusform>%n Funktion passt, %1 aller Samples</numerusform>
            <numerusform>%n Funktionen passen, %1 aller Samples</numerusform>
        </translation>
    </message>
    <message>
        <source>no profile is shown</source>
        <translation>kein Profil angezeigt</translation>
    </message>
    <message>
        <source>cannot write: %1</source>
        <translation>kann nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>Export folded stacks</source>
        <translation>Gefaltete Stacks exportieren</translation>
    </message>
    <message>
        <source>Folded stacks (*.folded *.txt);;All files (*)</source>
        <translation>Gefaltete Stacks (*.folded *.txt);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>sb::QuickTestPage</name>
    <message>
        <source>%1: problem</source>
        <translation>%1: Problem</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <source>Header</source>
        <translation>Header</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>Header</translation>
    </message>
    <message>
        <source>Add header</source>
        <translation>Header hinzufügen</translation>
    </message>
    <message>
        <source>Remove header</source>
        <translation>Header entfernen</translation>
    </message>
    <message>
        <source>request body (optional)</source>
        <translation>Anfragerumpf (optional)</translation>
    </message>
    <message>
        <source>Body</source>
        <translation>Rumpf</translation>
    </message>
    <message>
        <source>Connections</source>
        <translation>Verbindungen</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <source>Duration or requests</source>
        <translation>Dauer oder Anfragen</translation>
    </message>
    <message>
        <source>10s, 2m or 5000req</source>
        <translation>10s, 2m oder 5000req</translation>
    </message>
    <message>
        <source>Warm-up</source>
        <translation>Aufwärmphase</translation>
    </message>
    <message>
        <source>none, 2s or 1000req</source>
        <translation>keine, 2s oder 1000req</translation>
    </message>
    <message>
        <source>Open-loop rate</source>
        <translation>Rate (offene Schleife)</translation>
    </message>
    <message>
        <source>closed loop; or requests/s</source>
        <translation>geschlossen; oder Anfragen/s</translation>
    </message>
    <message>
        <source>Timeout</source>
        <translation>Zeitlimit</translation>
    </message>
    <message>
        <source>Interval</source>
        <translation>Intervall</translation>
    </message>
    <message>
        <source>Server process (optional)</source>
        <translation>Serverprozess (optional)</translation>
    </message>
    <message>
        <source>filter by pid, name or command line</source>
        <translation>nach PID, Name oder Befehlszeile filtern</translation>
    </message>
    <message>
        <source>Process filter</source>
        <translation>Prozessfilter</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Processes</source>
        <translation>Prozesse</translation>
    </message>
    <message>
        <source>No server process: only the client is measured.</source>
        <translation>Kein Serverprozess: Nur der Client wird gemessen.</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keiner</translation>
    </message>
    <message>
        <source>No server process</source>
        <translation>Kein Serverprozess</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>S&amp;toppen</translation>
    </message>
    <message>
        <source>Fill in the URL and press Start.</source>
        <translation>Geben Sie die URL ein und drücken Sie „Starten“.</translation>
    </message>
    <message>
        <source>Quick test status</source>
        <translation>Status des Schnelltests</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>The summary appears here when the test ends.</source>
        <translation>Die Zusammenfassung erscheint hier, wenn der Test endet.</translation>
    </message>
    <message>
        <source>&amp;Keep in history</source>
        <translation>Im &amp;Verlauf behalten</translation>
    </message>
    <message>
        <source>Store this test as a one-window run for History and Compare.</source>
        <translation>Diesen Test als Lauf mit einem Messfenster für Verlauf und Vergleich speichern.</translation>
    </message>
    <message>
        <source>Latency percentile curve</source>
        <translation>Latenz-Perzentilkurve</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <source>Sampling the tree of %1 (pid %2).</source>
        <translation>Erfasse den Prozessbaum von %1 (PID %2).</translation>
    </message>
    <message>
        <source>Connecting to %1 ...</source>
        <translation>Verbinde mit %1 ...</translation>
    </message>
    <message>
        <source>warm-up %1 s</source>
        <translation>Aufwärmphase %1 s</translation>
    </message>
    <message>
        <source>measuring %1 s</source>
        <translation>Messung %1 s</translation>
    </message>
    <message>
        <source> of %1 s</source>
        <translation> von %1 s</translation>
    </message>
    <message>
        <source> - 2xx/s %1 - p99 %2</source>
        <translation> - 2xx/s %1 - p99 %2</translation>
    </message>
    <message>
        <source> - draining: %1 in flight</source>
        <translation> - Auslaufen: %1 unterwegs</translation>
    </message>
    <message>
        <source>Stopped: %1 2xx/s until then</source>
        <translation>Gestoppt: %1 2xx/s bis dahin</translation>
    </message>
    <message>
        <source>Done: %1 2xx/s</source>
        <translation>Fertig: %1 2xx/s</translation>
    </message>
    <message>
        <source>Cannot run the test: %1</source>
        <translation>Der Test kann nicht ausgeführt werden: %1</translation>
    </message>
    <message>
        <source>Not kept: %1</source>
        <translation>Nicht behalten: %1</translation>
    </message>
    <message>
        <source>Kept in history as run %1.</source>
        <translation>Im Verlauf als Lauf %1 behalten.</translation>
    </message>
    <message>
        <source>Insecure (do not verify)</source>
        <translation>Unsicher (nicht prüfen)</translation>
    </message>
    <message>
        <source>Do not verify the server&apos;s certificate (https only); the result records that it was not verified.</source>
        <translation>Das Zertifikat des Servers nicht prüfen (nur https); das Ergebnis hält fest, dass es nicht geprüft wurde.</translation>
    </message>
    <message>
        <source>CA file</source>
        <translation>CA-Datei</translation>
    </message>
    <message>
        <source>the system&apos;s CA store</source>
        <translation>der CA-Speicher des Systems</translation>
    </message>
    <message>
        <source>A PEM file of the CAs to trust instead of the system&apos;s (https only).</source>
        <translation>Eine PEM-Datei der CAs, denen statt denen des Systems vertraut wird (nur https).</translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>HTTP/2: over https:// agreed by ALPN (h2), over http:// in clear text with prior knowledge (h2c).</source>
        <translation>HTTP/2: über https:// per ALPN vereinbart (h2), über http:// im Klartext mit Vorwissen (h2c).</translation>
    </message>
    <message>
        <source>Streams per connection</source>
        <translation>Streams pro Verbindung</translation>
    </message>
    <message>
        <source>HTTP/2: requests in flight at once on each connection (h2load&apos;s -m). The connections stay the concurrency&apos;s unit.</source>
        <translation>HTTP/2: gleichzeitig laufende Anfragen auf jeder Verbindung (-m von h2load). Die Verbindungen bleiben die Einheit der Nebenläufigkeit.</translation>
    </message>
    <message>
        <source>Streams</source>
        <translation>Streams</translation>
    </message>
</context>
<context>
    <name>sb::RunCommands</name>
    <message>
        <source>[%1] %2: %3</source>
        <translation>[%1] %2: %3</translation>
    </message>
    <message>
        <source>The check could not run: %1</source>
        <translation>Die Prüfung konnte nicht laufen: %1</translation>
    </message>
    <message>
        <source>Check failed: %1</source>
        <translation>Prüfung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>The plan has problems (listed under Problems); fix them first.</source>
        <translation>Der Plan hat Probleme (unter „Probleme“ aufgeführt); beheben Sie sie zuerst.</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Prüfung läuft…</translation>
    </message>
    <message>
        <source>Checking %1</source>
        <translation>Prüfe %1</translation>
    </message>
    <message numerus="yes">
        <source>All %n configuration(s) started and passed every parity check.</source>
        <translation>
            <numerusform>%n Konfiguration ist gestartet und hat jede Paritätsprüfung bestanden.</numerusform>
            <numerusform>Alle %n Konfigurationen sind gestartet und haben jede Paritätsprüfung bestanden.</numerusform>
        </translation>
    </message>
    <message>
        <source>check: %1</source>
        <translation>Prüfung: %1</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Tick at least one configuration and one route.</source>
        <translation>Wählen Sie mindestens eine Konfiguration und eine Route aus.</translation>
    </message>
    <message>
        <source>Starting %1, profile %2</source>
        <translation>Starte %1, Profil %2</translation>
    </message>
    <message>
        <source>Stopping: the window being measured is not stored; the run can be resumed.</source>
        <translation>Wird gestoppt: Das laufende Messfenster wird nicht gespeichert; der Lauf kann fortgesetzt werden.</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Cannot read the run store: %1</source>
        <translation>Die Laufablage kann nicht gelesen werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>Resume run %1 (profile %2, started %3, %4, %n valid window(s) stored)?</source>
        <translation>
            <numerusform>Lauf %1 fortsetzen (Profil %2, gestartet %3, %4, %n gültiges Messfenster gespeichert)?</numerusform>
            <numerusform>Lauf %1 fortsetzen (Profil %2, gestartet %3, %4, %n gültige Messfenster gespeichert)?</numerusform>
        </translation>
    </message>
    <message>
        <source>Resuming run %1</source>
        <translation>Setze Lauf %1 fort</translation>
    </message>
    <message>
        <source>Resuming run %1 (%2, profile %3)</source>
        <translation>Setze Lauf %1 fort (%2, Profil %3)</translation>
    </message>
    <message>
        <source>Retry failed cells</source>
        <translation>Fehlgeschlagene Zellen wiederholen</translation>
    </message>
    <message>
        <source>No run of %1 with failed cells is stored.</source>
        <translation>Es ist kein Lauf von %1 mit fehlgeschlagenen Zellen gespeichert.</translation>
    </message>
    <message>
        <source>No interrupted or incomplete run of %1 is stored, and none with failed cells.</source>
        <translation>Es ist kein unterbrochener oder unvollständiger Lauf von %1 gespeichert und keiner mit fehlgeschlagenen Zellen.</translation>
    </message>
    <message numerus="yes">
        <source>Measure the failed cells of run %1 again (profile %2, started %3, %4, %5 of %n stored window(s) valid), each with a fresh retry budget?</source>
        <translation>
            <numerusform>Die fehlgeschlagenen Zellen von Lauf %1 erneut messen (Profil %2, gestartet %3, %4, %5 von %n gespeicherten Messfenster gültig), jede mit neuem Wiederholungsbudget?</numerusform>
            <numerusform>Die fehlgeschlagenen Zellen von Lauf %1 erneut messen (Profil %2, gestartet %3, %4, %5 von %n gespeicherten Messfenstern gültig), jede mit neuem Wiederholungsbudget?</numerusform>
        </translation>
    </message>
    <message>
        <source>Retrying the failed cells of run %1</source>
        <translation>Wiederhole die fehlgeschlagenen Zellen von Lauf %1</translation>
    </message>
    <message>
        <source>Retrying the failed cells of run %1 (%2, profile %3)</source>
        <translation>Wiederhole die fehlgeschlagenen Zellen von Lauf %1 (%2, Profil %3)</translation>
    </message>
    <message>
        <source>&amp;Profile CPU with perf</source>
        <translation>&amp;CPU-Profil mit perf</translation>
    </message>
    <message>
        <source>Take a CPU profile of each cell&apos;s server tree with perf: one more window after the cell&apos;s last measured window (the profile&apos;s &quot;profile_cpu&quot; chooses the cells when it has one)</source>
        <translation>Mit perf ein CPU-Profil des Prozessbaums jeder Zelle aufnehmen: ein weiteres Fenster nach dem letzten gemessenen Fenster der Zelle (hat das Profil &quot;profile_cpu&quot;, wählt es die Zellen)</translation>
    </message>
</context>
<context>
    <name>sb::RunController</name>
    <message>
        <source>A run is going on; stop it first.</source>
        <translation>Ein Lauf ist im Gange; stoppen Sie ihn zuerst.</translation>
    </message>
</context>
<context>
    <name>sb::RunDetails</name>
    <message>
        <source>Run details</source>
        <translation>Laufdetails</translation>
    </message>
    <message>
        <source>Run summary</source>
        <translation>Zusammenfassung des Laufs</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>Environment record</source>
        <translation>Umgebungsprotokoll</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Umgebung</translation>
    </message>
    <message>
        <source>Gates and warnings</source>
        <translation>Schwellen und Warnungen</translation>
    </message>
    <message>
        <source>Invalid attempts</source>
        <translation>Ungültige Versuche</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Runde</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>Route</translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation>Nebenläufigkeit</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>Versuch</translation>
    </message>
    <message>
        <source>Gate</source>
        <translation>Schwelle</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Gates</source>
        <translation>Schwellen</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
    <message>
        <source>Server logs by configuration and round</source>
        <translation>Serverprotokolle nach Konfiguration und Runde</translation>
    </message>
    <message>
        <source>Server log</source>
        <translation>Serverprotokoll</translation>
    </message>
    <message>
        <source>Server logs</source>
        <translation>Serverprotokolle</translation>
    </message>
    <message>
        <source>Select a run to see its details.</source>
        <translation>Wählen Sie einen Lauf, um seine Details zu sehen.</translation>
    </message>
    <message>
        <source>Gates (%1)</source>
        <translation>Schwellen (%1)</translation>
    </message>
    <message>
        <source>Events (%1)</source>
        <translation>Ereignisse (%1)</translation>
    </message>
    <message>
        <source>Server logs (%1)</source>
        <translation>Serverprotokolle (%1)</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Beendet</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>nicht aufgezeichnet</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Windows</source>
        <translation>Messfenster</translation>
    </message>
    <message>
        <source>Configurations</source>
        <translation>Konfigurationen</translation>
    </message>
    <message>
        <source>Routes</source>
        <translation>Routen</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>Rechner</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Stackbench</source>
        <translation>Stackbench</translation>
    </message>
    <message>
        <source>%1, revision %2</source>
        <translation>%1, Revision %2</translation>
    </message>
    <message>
        <source>Configuration %1</source>
        <translation>Konfiguration %1</translation>
    </message>
    <message>
        <source>file hashes (SHA-256)</source>
        <translation>Datei-Hashes (SHA-256)</translation>
    </message>
    <message>
        <source>configuration %1</source>
        <translation>Konfiguration %1</translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;No gate fired: every stored attempt of the %n window(s) was valid.&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;Keine Schwelle hat ausgelöst: Jeder gespeicherte Versuch des %n Messfensters war gültig.&lt;/p&gt;</numerusform>
            <numerusform>&lt;p&gt;Keine Schwelle hat ausgelöst: Jeder gespeicherte Versuch der %n Messfenster war gültig.&lt;/p&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Warnungen</translation>
    </message>
    <message>
        <source>Blocked configurations</source>
        <translation>Blockierte Konfigurationen</translation>
    </message>
    <message>
        <source>%1 · round %2</source>
        <translation>%1 · Runde %2</translation>
    </message>
    <message>
        <source>stdout</source>
        <translation>stdout</translation>
    </message>
    <message>
        <source>stderr</source>
        <translation>stderr</translation>
    </message>
    <message>
        <source>No server output was stored for this run.</source>
        <translation>Für diesen Lauf wurde keine Serverausgabe gespeichert.</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt;; by gate: %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt;; nach Schwelle: %2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Also caught</source>
        <translation>Außerdem erfasst</translation>
    </message>
    <message>
        <source>Cells</source>
        <translation>Zellen</translation>
    </message>
    <message>
        <source>blocked: %1</source>
        <translation>blockiert: %1</translation>
    </message>
    <message>
        <source>Cold start %1</source>
        <translation>Kaltstart %1</translation>
    </message>
    <message numerus="yes">
        <source>%n start(s): exec to accepting %1, to ready %2; at ready RSS %3, PSS %4</source>
        <translation>
            <numerusform>%n Start: exec bis zur ersten Verbindung %1, bis bereit %2; bei Bereitschaft RSS %3, PSS %4</numerusform>
            <numerusform>%n Starts: exec bis zur ersten Verbindung %1, bis bereit %2; bei Bereitschaft RSS %3, PSS %4</numerusform>
        </translation>
    </message>
    <message>
        <source>CPU profiles</source>
        <translation>CPU-Profile</translation>
    </message>
    <message>
        <source>CPU profiles (%1)</source>
        <translation>CPU-Profile (%1)</translation>
    </message>
    <message>
        <source>load hosts</source>
        <translation>Last-Hosts</translation>
    </message>
    <message>
        <source>load from</source>
        <translation>Last von</translation>
    </message>
    <message>
        <source>Load hosts of %1</source>
        <translation>Last-Hosts von %1</translation>
    </message>
    <message>
        <source>server hosts</source>
        <translation>Server-Hosts</translation>
    </message>
    <message>
        <source>runs on %1</source>
        <translation>läuft auf %1</translation>
    </message>
    <message>
        <source>Server host of %1</source>
        <translation>Server-Host von %1</translation>
    </message>
</context>
<context>
    <name>sb::RunDialog</name>
    <message>
        <source>Run %1 — %2 (%3)</source>
        <translation>Lauf %1 — %2 (%3)</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Cells</source>
        <translation>Zellen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Run %1 · %2 (%3) · %4, started %5 · %6 · read-only</source>
        <translation>Lauf %1 · %2 (%3) · %4, gestartet %5 · %6 · schreibgeschützt</translation>
    </message>
    <message>
        <source>Window timeline</source>
        <translation>Zeitverlauf des Messfensters</translation>
    </message>
    <message>
        <source>Cannot open window %1: %2</source>
        <translation>Messfenster %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Round %1 · %2 · %3 · c=%4 · attempt %5 · %6</source>
        <translation>Runde %1 · %2 · %3 · c=%4 · Versuch %5 · %6</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>gültig</translation>
    </message>
    <message>
        <source>invalid: %1</source>
        <translation>ungültig: %1</translation>
    </message>
</context>
<context>
    <name>sb::RunPage</name>
    <message>
        <source>no profile &apos;%1&apos; in %2</source>
        <translation>kein Profil „%1“ in %2</translation>
    </message>
    <message>
        <source>No run yet: open a plan and press Start.</source>
        <translation>Noch kein Lauf: Öffnen Sie einen Plan und drücken Sie „Starten“.</translation>
    </message>
    <message>
        <source>Current window</source>
        <translation>Aktuelles Messfenster</translation>
    </message>
    <message>
        <source>Back to the live window</source>
        <translation>Zurück zum laufenden Messfenster</translation>
    </message>
    <message>
        <source>Run progress</source>
        <translation>Fortschritt des Laufs</translation>
    </message>
    <message>
        <source>Cells so far</source>
        <translation>Bisherige Zellen</translation>
    </message>
    <message numerus="yes">
        <source>resumed: %1 of %n window(s) already valid</source>
        <translation>
            <numerusform>fortgesetzt: %1 von %n Messfenster bereits gültig</numerusform>
            <numerusform>fortgesetzt: %1 von %n Messfenstern bereits gültig</numerusform>
        </translation>
    </message>
    <message>
        <source>starting</source>
        <translation>startet</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2) - %n window(s) - store %3</source>
        <translation>
            <numerusform>%1 (%2) - %n Messfenster - Ablage %3</numerusform>
            <numerusform>%1 (%2) - %n Messfenster - Ablage %3</numerusform>
        </translation>
    </message>
    <message>
        <source>last window valid: %1 2xx/s</source>
        <translation>letztes Messfenster gültig: %1 2xx/s</translation>
    </message>
    <message>
        <source>last window invalid (%1)%2</source>
        <translation>letztes Messfenster ungültig (%1)%2</translation>
    </message>
    <message>
        <source>, measuring again</source>
        <translation>, wird erneut gemessen</translation>
    </message>
    <message>
        <source>, no retries left</source>
        <translation>, keine Wiederholung mehr übrig</translation>
    </message>
    <message>
        <source> - ETA %1 min</source>
        <translation> - Restzeit %1 min</translation>
    </message>
    <message>
        <source> - ETA %1 s</source>
        <translation> - Restzeit %1 s</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n window(s) done%2 - %3 valid, %4 invalid, %5 failed</source>
        <translation>
            <numerusform>%1 von %n Messfenster erledigt%2 - %3 gültig, %4 ungültig, %5 fehlgeschlagen</numerusform>
            <numerusform>%1 von %n Messfenstern erledigt%2 - %3 gültig, %4 ungültig, %5 fehlgeschlagen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>run interrupted: %n valid window(s) stored; it can be resumed</source>
        <translation>
            <numerusform>Lauf unterbrochen: %n gültiges Messfenster gespeichert; er kann fortgesetzt werden</numerusform>
            <numerusform>Lauf unterbrochen: %n gültige Messfenster gespeichert; er kann fortgesetzt werden</numerusform>
        </translation>
    </message>
    <message>
        <source>run failed: %1</source>
        <translation>Lauf fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>run %1: %2 valid, %3 invalid windows</source>
        <translation>Lauf %1: Messfenster %2 gültig, %3 ungültig</translation>
    </message>
    <message>
        <source>round %1 of %2</source>
        <translation>Runde %1 von %2</translation>
    </message>
    <message>
        <source>round %1</source>
        <translation>Runde %1</translation>
    </message>
    <message>
        <source>warm-up %1/%2 s</source>
        <translation>Aufwärmphase %1/%2 s</translation>
    </message>
    <message>
        <source>warm-up %1 s</source>
        <translation>Aufwärmphase %1 s</translation>
    </message>
    <message>
        <source>measuring %1/%2 s</source>
        <translation>Messung %1/%2 s</translation>
    </message>
    <message>
        <source>measuring %1 s</source>
        <translation>Messung %1 s</translation>
    </message>
    <message>
        <source> - draining: %1 in flight</source>
        <translation> - Auslaufen: %1 unterwegs</translation>
    </message>
    <message>
        <source>%1 - %2 - %3 - c=%4 - attempt %5 - %6 - window %7 of %8</source>
        <translation>%1 - %2 - %3 - c=%4 - Versuch %5 - %6 - Messfenster %7 von %8</translation>
    </message>
    <message>
        <source>Cannot open window %1: %2</source>
        <translation>Messfenster %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>gültig</translation>
    </message>
    <message>
        <source>invalid: %1</source>
        <translation>ungültig: %1</translation>
    </message>
    <message>
        <source>attempt %1 of round %2 - %3 - %4 - c=%5</source>
        <translation>Versuch %1 in Runde %2 - %3 - %4 - c=%5</translation>
    </message>
    <message>
        <source>The machine is quiet after %1 s: measuring %2</source>
        <translation>Der Rechner ist nach %1 s ruhig: Messung von %2</translation>
    </message>
    <message>
        <source>Waited %1 s for a quiet machine (the plan&apos;s limit), foreign CPU still %2 %: measuring %3 anyway</source>
        <translation>%1 s auf einen ruhigen Rechner gewartet (die Grenze des Plans), fremde CPU noch %2 %: %3 wird trotzdem gemessen</translation>
    </message>
    <message>
        <source>The wait for a quiet machine was cancelled</source>
        <translation>Das Warten auf einen ruhigen Rechner wurde abgebrochen</translation>
    </message>
    <message>
        <source>Waiting for a quiet machine before %1: %2 s of at most %3 s - foreign CPU %4 % (quiet once below %5 % for %6 s; so far %7 s)</source>
        <translation>Warte vor %1 auf einen ruhigen Rechner: %2 s von höchstens %3 s - fremde CPU %4 % (ruhig, sobald %6 s lang unter %5 %; bisher %7 s)</translation>
    </message>
    <message>
        <source>Latency percentile curve of the current window</source>
        <translation>Latenz-Perzentilkurve des aktuellen Messfensters</translation>
    </message>
    <message>
        <source>earlier rounds</source>
        <translation>frühere Runden</translation>
    </message>
    <message>
        <source>this window</source>
        <translation>dieses Messfenster</translation>
    </message>
    <message>
        <source>last interval</source>
        <translation>letztes Intervall</translation>
    </message>
    <message>
        <source>Stored window: %1 - %2 - c=%3 - %4, attempt %5 - %6</source>
        <translation>Gespeichertes Messfenster: %1 - %2 - c=%3 - %4, Versuch %5 - %6</translation>
    </message>
</context>
<context>
    <name>sb::RunStatus</name>
    <message>
        <source>warm-up</source>
        <translation>Aufwärmphase</translation>
    </message>
    <message>
        <source>measuring</source>
        <translation>Messung</translation>
    </message>
    <message>
        <source>round %1 · %2 · %3 · c=%4 · attempt %5</source>
        <translation>Runde %1 · %2 · %3 · c=%4 · Versuch %5</translation>
    </message>
    <message>
        <source>%1: valid, %2 2xx/s, p99 %3 ms</source>
        <translation>%1: gültig, %2 2xx/s, p99 %3 ms</translation>
    </message>
    <message>
        <source>%1: invalid: %2</source>
        <translation>%1: ungültig: %2</translation>
    </message>
    <message>
        <source>Run state</source>
        <translation>Laufzustand</translation>
    </message>
    <message>
        <source>Current cell</source>
        <translation>Aktuelle Zelle</translation>
    </message>
    <message>
        <source>Run progress</source>
        <translation>Fortschritt des Laufs</translation>
    </message>
    <message>
        <source>Time left</source>
        <translation>Restzeit</translation>
    </message>
    <message>
        <source>window %v of %m</source>
        <translation>Messfenster %v von %m</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Checking</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <source>Stopping</source>
        <translation>Wird gestoppt</translation>
    </message>
    <message numerus="yes">
        <source>Run %1 %2: plan %3, profile %4, %n window(s) to measure, %5 done; store %6</source>
        <translation>
            <numerusform>Lauf %1 %2: Plan %3, Profil %4, %n Messfenster zu messen, %5 erledigt; Ablage %6</numerusform>
            <numerusform>Lauf %1 %2: Plan %3, Profil %4, %n Messfenster zu messen, %5 erledigt; Ablage %6</numerusform>
        </translation>
    </message>
    <message>
        <source>resumed</source>
        <translation>fortgesetzt</translation>
    </message>
    <message>
        <source>started</source>
        <translation>gestartet</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>waiting for a quiet machine (%1 of %2 s)</source>
        <translation>Warte auf ruhigen Rechner (%1 von %2 s)</translation>
    </message>
    <message>
        <source> (measured again)</source>
        <translation> (erneut gemessen)</translation>
    </message>
    <message>
        <source> (cell failed: retries used up)</source>
        <translation> (Zelle fehlgeschlagen: Wiederholungen aufgebraucht)</translation>
    </message>
    <message>
        <source>[%1] %2</source>
        <translation>[%1] %2</translation>
    </message>
    <message>
        <source>[%1] %2: %3</source>
        <translation>[%1] %2: %3</translation>
    </message>
    <message>
        <source>ETA unknown</source>
        <translation>Restzeit unbekannt</translation>
    </message>
    <message>
        <source>ETA %1</source>
        <translation>Restzeit %1</translation>
    </message>
    <message>
        <source>blocked: %1</source>
        <translation>blockiert: %1</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>Run failed: %1</source>
        <translation>Lauf fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Run failed</source>
        <translation>Lauf fehlgeschlagen</translation>
    </message>
    <message>
        <source>Stackbench</source>
        <translation>Stackbench</translation>
    </message>
    <message>
        <source>Quick test running</source>
        <translation>Schnelltest läuft</translation>
    </message>
    <message>
        <source>Stopping the quick test</source>
        <translation>Schnelltest wird gestoppt</translation>
    </message>
    <message>
        <source>Run %1 %2: %3</source>
        <translation>Lauf %1 %2: %3</translation>
    </message>
    <message numerus="yes">
        <source>History › Retry failed cells measures the %n cell(s) that ran out of retries again.</source>
        <translation>
            <numerusform>Verlauf › „Fehlgeschlagene Zellen wiederholen“ misst die %n Zelle, deren Wiederholungen aufgebraucht sind, erneut.</numerusform>
            <numerusform>Verlauf › „Fehlgeschlagene Zellen wiederholen“ misst die %n Zellen, deren Wiederholungen aufgebraucht sind, erneut.</numerusform>
        </translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Abgeschlossen</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Interrupted</source>
        <translation>Unterbrochen</translation>
    </message>
    <message>
        <source>Incomplete</source>
        <translation>Unvollständig</translation>
    </message>
</context>
<context>
    <name>sb::RunStrip</name>
    <message>
        <source>The run so far</source>
        <translation>Der bisherige Lauf</translation>
    </message>
    <message>
        <source>2xx/s</source>
        <translation>2xx/s</translation>
    </message>
    <message>
        <source>p99 ms</source>
        <translation>p99 ms</translation>
    </message>
    <message>
        <source>cores</source>
        <translation>Kerne</translation>
    </message>
    <message>
        <source>every window so far, by cell (one slot per round)</source>
        <translation>alle bisherigen Messfenster, nach Zelle (ein Platz pro Runde)</translation>
    </message>
    <message>
        <source>invalid attempt</source>
        <translation>ungültiger Versuch</translation>
    </message>
    <message>
        <source>%1 ≤ %2</source>
        <translation>%1 ≤ %2</translation>
    </message>
    <message>
        <source>%1 - %2 - c=%3 - round %4, attempt %5</source>
        <translation>%1 - %2 - c=%3 - Runde %4, Versuch %5</translation>
    </message>
    <message>
        <source>%1 2xx/s, p99 %2, %3 cores%4</source>
        <translation>%1 2xx/s, p99 %2, %3 Kerne%4</translation>
    </message>
    <message>
        <source> (invalid)</source>
        <translation> (ungültig)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>load generators, window mean: %1</source>
        <translation>Lastgeneratoren, Mittel des Messfensters: %1</translation>
    </message>
</context>
<context>
    <name>sb::RunsModel</name>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>unterbrochen</translation>
    </message>
    <message>
        <source>incomplete</source>
        <translation>unvollständig</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>host %1, CPU %2</source>
        <translation>Host %1, CPU %2</translation>
    </message>
    <message>
        <source>Stackbench %1, revision %2</source>
        <translation>Stackbench %1, Revision %2</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Windows</source>
        <translation>Messfenster</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>Rechner</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Revision</source>
        <translation>Revision</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message numerus="yes">
        <source>%n valid window(s)</source>
        <translation>
            <numerusform>%n gültiges Messfenster</numerusform>
            <numerusform>%n gültige Messfenster</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n invalid attempt(s)</source>
        <translation>
            <numerusform>%n ungültiger Versuch</numerusform>
            <numerusform>%n ungültige Versuche</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n stored window(s) valid</source>
        <translation>
            <numerusform>%1 von %n gespeicherten Messfenster gültig</numerusform>
            <numerusform>%1 von %n gespeicherten Messfenstern gültig</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n cell(s) valid</source>
        <translation>
            <numerusform>%1 von %n Zelle gültig</numerusform>
            <numerusform>%1 von %n Zellen gültig</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n valid cell(s)</source>
        <translation>
            <numerusform>%n gültige Zelle</numerusform>
            <numerusform>%n gültige Zellen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n re-measured)</source>
        <translation>
            <numerusform>(%n neu gemessen)</numerusform>
            <numerusform>(%n neu gemessen)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <translation>
            <numerusform>%n fehlgeschlagen</numerusform>
            <numerusform>%n fehlgeschlagen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n blocked</source>
        <translation>
            <numerusform>%n blockiert</numerusform>
            <numerusform>%n blockiert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n to measure</source>
        <translation>
            <numerusform>%n zu messen</numerusform>
            <numerusform>%n zu messen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sb::SettingsDialog</name>
    <message>
        <source>Preferences</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>System (%1)</source>
        <translation>System (%1)</translation>
    </message>
    <message>
        <source>The language changes when Stackbench restarts. Command-line output stays in English.</source>
        <translation>Die Sprache wechselt beim nächsten Start von Stackbench. Ausgaben auf der Befehlszeile bleiben englisch.</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
</context>
<context>
    <name>sb::StoreDialog</name>
    <message>
        <source>&amp;Password:</source>
        <translation>&amp;Passwort:</translation>
    </message>
    <message>
        <source>Switch the run store</source>
        <translation>Laufablage wechseln</translation>
    </message>
    <message>
        <source>Where runs are read and stored: a SQLite file, or a PostgreSQL database as postgresql://user@host:port/database.</source>
        <translation>Wo Läufe gelesen und gespeichert werden: eine SQLite-Datei oder eine PostgreSQL-Datenbank als postgresql://benutzer@host:port/datenbank.</translation>
    </message>
    <message>
        <source>Store location</source>
        <translation>Ort der Ablage</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>Choose a SQLite file</source>
        <translation>SQLite-Datei wählen</translation>
    </message>
    <message>
        <source>&amp;Default</source>
        <translation>&amp;Standard</translation>
    </message>
    <message>
        <source>The default store</source>
        <translation>Die Standardablage</translation>
    </message>
    <message>
        <source>&amp;Store:</source>
        <translation>&amp;Ablage:</translation>
    </message>
    <message>
        <source>Database password</source>
        <translation>Datenbankpasswort</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>unverändert</translation>
    </message>
    <message>
        <source>S&amp;witch</source>
        <translation>&amp;Wechseln</translation>
    </message>
    <message>
        <source>Switch</source>
        <translation>Wechseln</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Run store</source>
        <translation>Laufablage</translation>
    </message>
    <message>
        <source>SQLite stores (*.sqlite *.db);;All files (*)</source>
        <translation>SQLite-Ablagen (*.sqlite *.db);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>sb::StoreService</name>
    <message>
        <source>cannot write: %1</source>
        <translation>kann nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>%1: cannot read: %2</source>
        <translation>%1: kann nicht gelesen werden: %2</translation>
    </message>
</context>
<context>
    <name>sb::charts</name>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG-Bild (*.png)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG-Zeichnung (*.svg)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>the file name must end in .png, .svg or .pdf</source>
        <translation>der Dateiname muss auf .png, .svg oder .pdf enden</translation>
    </message>
    <message>
        <source>cannot write: %1</source>
        <translation>kann nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>connections (log scale)</source>
        <translation>Verbindungen (logarithmisch)</translation>
    </message>
    <message>
        <source>2xx per CPU-second</source>
        <translation>2xx pro CPU-Sekunde</translation>
    </message>
    <message>
        <source>2xx/s</source>
        <translation>2xx/s</translation>
    </message>
    <message>
        <source>%1 across windows: %2</source>
        <translation>%1 über die Messfenster: %2</translation>
    </message>
    <message>
        <source>concurrency</source>
        <translation>Nebenläufigkeit</translation>
    </message>
    <message>
        <source>%1 against concurrency: %2</source>
        <translation>%1 über der Nebenläufigkeit: %2</translation>
    </message>
    <message>
        <source>%1 p99</source>
        <translation>%1 p99</translation>
    </message>
    <message>
        <source>Latency by percentile, pooled: %1 c=%2</source>
        <translation>Latenz nach Perzentil, zusammengefasst: %1 c=%2</translation>
    </message>
    <message>
        <source>Latency by percentile, pooled: %1</source>
        <translation>Latenz nach Perzentil, zusammengefasst: %1</translation>
    </message>
    <message>
        <source>percentile (log scale of 1/(1-p))</source>
        <translation>Perzentil (logarithmisch in 1/(1-p))</translation>
    </message>
    <message>
        <source>2xx/s per interval of each window: %1 c=%2</source>
        <translation>2xx/s je Intervall jedes Messfensters: %1 c=%2</translation>
    </message>
    <message>
        <source>seconds into the measured window</source>
        <translation>Sekunden im Messfenster</translation>
    </message>
    <message>
        <source>Pick a run to compare.</source>
        <translation>Wählen Sie einen Lauf zum Vergleichen.</translation>
    </message>
    <message>
        <source>percentile</source>
        <translation>Perzentil</translation>
    </message>
    <message>
        <source>latency, ms</source>
        <translation>Latenz, ms</translation>
    </message>
    <message>
        <source>Latency against concurrency, median of windows: %1</source>
        <translation>Latenz über der Nebenläufigkeit, Median der Messfenster: %1</translation>
    </message>
    <message>
        <source>ms (log scale)</source>
        <translation>ms (logarithmisch)</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source> (fresh)</source>
        <translation> (frisch)</translation>
    </message>
    <message>
        <source> (equal age)</source>
        <translation> (gleich alt)</translation>
    </message>
    <message>
        <source> (ages differ)</source>
        <translation> (unterschiedlich alt)</translation>
    </message>
    <message>
        <source> (age unknown)</source>
        <translation> (Alter unbekannt)</translation>
    </message>
    <message>
        <source>Peak RSS of the server tree, median of windows: %1</source>
        <translation>RSS-Spitze des Server-Prozessbaums, Median der Messfenster: %1</translation>
    </message>
    <message>
        <source>concurrency (whether the trees&apos; ages allow a comparison)</source>
        <translation>Nebenläufigkeit (ob das Alter der Prozessbäume einen Vergleich erlaubt)</translation>
    </message>
    <message>
        <source>peak RSS, MiB</source>
        <translation>RSS-Spitze, MiB</translation>
    </message>
    <message>
        <source>percentile, %</source>
        <translation>Perzentil, %</translation>
    </message>
    <message>
        <source>per CPU-s</source>
        <translation>pro CPU-s</translation>
    </message>
    <message>
        <source>%1, median</source>
        <translation>%1, Median</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
</context>
<context>
    <name>sb::figures</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 us</source>
        <translation>%1 µs</translation>
    </message>
</context>
<context>
    <name>sb::memorytext</name>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>fresh</source>
        <translation>frisch</translation>
    </message>
    <message>
        <source>%1 requests</source>
        <translation>%1 Anfragen</translation>
    </message>
    <message>
        <source>%1 requests over %2 s</source>
        <translation>%1 Anfragen in %2 s</translation>
    </message>
    <message>
        <source>both trees fresh</source>
        <translation>beide Prozessbäume frisch</translation>
    </message>
    <message>
        <source>trees of equal age</source>
        <translation>Prozessbäume gleichen Alters</translation>
    </message>
    <message>
        <source>%1 the peak RSS and %2 the peak PSS of %3 (%4)</source>
        <translation>%1 der RSS-Spitze und %2 der PSS-Spitze von %3 (%4)</translation>
    </message>
    <message>
        <source>%1 the peak RSS of %2 (%3)</source>
        <translation>%1 der RSS-Spitze von %2 (%3)</translation>
    </message>
    <message>
        <source>a tree&apos;s age is unknown</source>
        <translation>das Alter eines Prozessbaums ist unbekannt</translation>
    </message>
    <message>
        <source>the trees&apos; ages differ</source>
        <translation>die Prozessbäume sind unterschiedlich alt</translation>
    </message>
    <message>
        <source>a cell sampled no memory</source>
        <translation>eine Zelle hat keinen Speicher gemessen</translation>
    </message>
    <message>
        <source>Not compared with %1: %2 (this tree: %3; %1&apos;s: %4)</source>
        <translation>Nicht mit %1 verglichen: %2 (dieser Prozessbaum: %3; der von %1: %4)</translation>
    </message>
    <message>
        <source>Peak resident set of the server tree: median [min-max] of the valid windows&apos; peaks. RSS counts a page shared by the tree&apos;s processes once per process.</source>
        <translation>Spitze des residenten Speichers (RSS) des Server-Prozessbaums: Median [Min–Max] der Spitzen der gültigen Messfenster. RSS zählt eine von den Prozessen des Baums geteilte Seite einmal pro Prozess.</translation>
    </message>
    <message>
        <source>Peak proportional set of the server tree: median [min-max] of the valid windows&apos; peaks. PSS shares a shared page out among the processes that map it.</source>
        <translation>Spitze des proportionalen Speichers (PSS) des Server-Prozessbaums: Median [Min–Max] der Spitzen der gültigen Messfenster. PSS teilt eine geteilte Seite auf die Prozesse auf, die sie einblenden.</translation>
    </message>
    <message>
        <source>The server tree&apos;s age at the windows: the requests it had served before the window&apos;s warm-up and the seconds since it started (medians), or fresh when the window&apos;s warm-up was its first load. RSS measures a process&apos;s history: memory is compared only on fresh trees or at equal age.</source>
        <translation>Das Alter des Server-Prozessbaums bei den Messfenstern: die Anfragen, die er vor der Aufwärmphase des Messfensters beantwortet hatte, und die Sekunden seit seinem Start (Mediane), oder frisch, wenn die Aufwärmphase des Messfensters seine erste Last war. RSS misst die Vorgeschichte eines Prozesses: Speicher wird nur bei frischen oder gleich alten Prozessbäumen verglichen.</translation>
    </message>
</context>
<context>
    <name>sb::plan</name>
    <message>
        <source>invalid configuration name &quot;%1&quot;; use letters, digits, &apos;_&apos;, &apos;.&apos; and &apos;-&apos;</source>
        <translation>ungültiger Konfigurationsname „%1“; verwenden Sie Buchstaben, Ziffern, &apos;_&apos;, &apos;.&apos; und &apos;-&apos;</translation>
    </message>
    <message>
        <source>missing required key &quot;port&quot; (or &quot;base_url&quot;)</source>
        <translation>Pflichtschlüssel &quot;port&quot; (oder &quot;base_url&quot;) fehlt</translation>
    </message>
    <message>
        <source>the port is needed when the plan is loaded</source>
        <translation>der Port wird schon beim Laden des Plans gebraucht</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>eine Zeichenkette</translation>
    </message>
    <message>
        <source>the base URL is needed when the plan is loaded</source>
        <translation>die Basis-URL wird schon beim Laden des Plans gebraucht</translation>
    </message>
    <message>
        <source>base_url must not have a path, query or fragment; routes give the path</source>
        <translation>base_url darf keinen Pfad, keine Query und kein Fragment enthalten; den Pfad geben die Routen an</translation>
    </message>
    <message>
        <source>secret_env names &quot;%1&quot;, which is not a key of &quot;env&quot;</source>
        <translation>secret_env nennt „%1“, das kein Schlüssel von &quot;env&quot; ist</translation>
    </message>
    <message>
        <source>an object of strings</source>
        <translation>ein Objekt aus Zeichenketten</translation>
    </message>
    <message>
        <source>invalid environment variable name &quot;%1&quot;</source>
        <translation>ungültiger Name einer Umgebungsvariablen „%1“</translation>
    </message>
    <message>
        <source>an object of name -&gt; argv or {&quot;command&quot;, &quot;match&quot;}</source>
        <translation>ein Objekt aus Name -&gt; argv oder {&quot;command&quot;, &quot;match&quot;}</translation>
    </message>
    <message>
        <source>a version name must not be empty</source>
        <translation>ein Versionsname darf nicht leer sein</translation>
    </message>
    <message>
        <source>invalid regular expression: %1 at offset %2</source>
        <translation>ungültiger regulärer Ausdruck: %1 an Position %2</translation>
    </message>
    <message>
        <source>the pattern needs a capture group around the version, as in &quot;version ([0-9.]+)&quot;</source>
        <translation>das Muster braucht eine Gruppe um die Version, wie in &quot;version ([0-9.]+)&quot;</translation>
    </message>
    <message>
        <source>a working directory must exist when the plan is loaded</source>
        <translation>ein Arbeitsverzeichnis muss schon beim Laden des Plans existieren</translation>
    </message>
    <message>
        <source>must not be empty (&quot;%1&quot; expands to nothing)</source>
        <translation>darf nicht leer sein („%1“ wird zu nichts ersetzt)</translation>
    </message>
    <message>
        <source>working directory &quot;%1&quot; does not exist (resolved to %2)</source>
        <translation>Arbeitsverzeichnis „%1“ existiert nicht (aufgelöst zu %2)</translation>
    </message>
    <message>
        <source>an array of configurations</source>
        <translation>ein Array von Konfigurationen</translation>
    </message>
    <message>
        <source>at least one configuration is required</source>
        <translation>mindestens eine Konfiguration ist erforderlich</translation>
    </message>
    <message>
        <source>configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>&quot;sql&quot; hook needs a top-level &quot;database&quot;</source>
        <translation>ein &quot;sql&quot;-Hook braucht eine &quot;database&quot; auf oberster Ebene</translation>
    </message>
    <message>
        <source>&quot;cwd&quot; applies to command hooks only</source>
        <translation>&quot;cwd&quot; gilt nur für Befehls-Hooks</translation>
    </message>
    <message>
        <source>a hook has either &quot;sql&quot; or &quot;command&quot;, not both</source>
        <translation>ein Hook hat entweder &quot;sql&quot; oder &quot;command&quot;, nicht beides</translation>
    </message>
    <message>
        <source>missing required key &quot;sql&quot; or &quot;command&quot;</source>
        <translation>Pflichtschlüssel &quot;sql&quot; oder &quot;command&quot; fehlt</translation>
    </message>
    <message>
        <source>a route&apos;s hooks</source>
        <translation>die Hooks einer Route</translation>
    </message>
    <message>
        <source>a configuration&apos;s hooks</source>
        <translation>die Hooks einer Konfiguration</translation>
    </message>
    <message>
        <source>the plan&apos;s hooks</source>
        <translation>die Hooks des Plans</translation>
    </message>
    <message>
        <source>the plan&apos;s &quot;hooks&quot;</source>
        <translation>den &quot;hooks&quot; des Plans</translation>
    </message>
    <message>
        <source>a configuration&apos;s &quot;hooks&quot;</source>
        <translation>den &quot;hooks&quot; einer Konfiguration</translation>
    </message>
    <message>
        <source>a route&apos;s &quot;hooks&quot;</source>
        <translation>den &quot;hooks&quot; einer Route</translation>
    </message>
    <message>
        <source>the plan&apos;s or a configuration&apos;s &quot;hooks&quot;</source>
        <translation>den &quot;hooks&quot; des Plans oder einer Konfiguration</translation>
    </message>
    <message>
        <source>the plan&apos;s or a route&apos;s &quot;hooks&quot;</source>
        <translation>den &quot;hooks&quot; des Plans oder einer Route</translation>
    </message>
    <message>
        <source>a configuration&apos;s or a route&apos;s &quot;hooks&quot;</source>
        <translation>den &quot;hooks&quot; einer Konfiguration oder einer Route</translation>
    </message>
    <message>
        <source>the plan&apos;s, a configuration&apos;s or a route&apos;s &quot;hooks&quot;</source>
        <translation>den &quot;hooks&quot; des Plans, einer Konfiguration oder einer Route</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a moment of %2; give it in %3</source>
        <translation>„%1“ ist kein Zeitpunkt für %2; geben Sie ihn in %3 an</translation>
    </message>
    <message>
        <source>an array of hooks</source>
        <translation>ein Array von Hooks</translation>
    </message>
    <message>
        <source>expected end of input after the JSON value, found %1</source>
        <translation>nach dem JSON-Wert wird das Ende der Eingabe erwartet, gefunden: %1</translation>
    </message>
    <message>
        <source>end of input</source>
        <translation>Ende der Eingabe</translation>
    </message>
    <message>
        <source>a non-ASCII character</source>
        <translation>ein Nicht-ASCII-Zeichen</translation>
    </message>
    <message>
        <source>expected a JSON value, found end of input</source>
        <translation>JSON-Wert erwartet, gefunden: Ende der Eingabe</translation>
    </message>
    <message>
        <source>strings must be in double quotes</source>
        <translation>Zeichenketten müssen in doppelten Anführungszeichen stehen</translation>
    </message>
    <message>
        <source>comments are not allowed in JSON</source>
        <translation>Kommentare sind in JSON nicht erlaubt</translation>
    </message>
    <message>
        <source>expected a JSON value, found %1</source>
        <translation>JSON-Wert erwartet, gefunden: %1</translation>
    </message>
    <message>
        <source>invalid literal &quot;%1&quot;; expected true, false, null, a number, a string, an array or an object</source>
        <translation>ungültiges Literal „%1“; erwartet wird true, false, null, eine Zahl, eine Zeichenkette, ein Array oder ein Objekt</translation>
    </message>
    <message>
        <source>expected a digit after &apos;-&apos;, found %1</source>
        <translation>Ziffer nach &apos;-&apos; erwartet, gefunden: %1</translation>
    </message>
    <message>
        <source>numbers must not have leading zeros</source>
        <translation>Zahlen dürfen keine führenden Nullen haben</translation>
    </message>
    <message>
        <source>expected a digit after &apos;.&apos;, found %1</source>
        <translation>Ziffer nach &apos;.&apos; erwartet, gefunden: %1</translation>
    </message>
    <message>
        <source>expected a digit in the exponent, found %1</source>
        <translation>Ziffer im Exponenten erwartet, gefunden: %1</translation>
    </message>
    <message>
        <source>unexpected %1 after a number</source>
        <translation>unerwartet nach einer Zahl: %1</translation>
    </message>
    <message>
        <source>number %1 is out of range</source>
        <translation>Zahl %1 liegt außerhalb des Wertebereichs</translation>
    </message>
    <message>
        <source>nesting deeper than %1 levels</source>
        <translation>Verschachtelung tiefer als %1 Ebenen</translation>
    </message>
    <message>
        <source>trailing comma before &apos;}&apos;</source>
        <translation>überzähliges Komma vor &apos;}&apos;</translation>
    </message>
    <message>
        <source>keys must be in double quotes</source>
        <translation>Schlüssel müssen in doppelten Anführungszeichen stehen</translation>
    </message>
    <message>
        <source>expected a key in double quotes, found %1</source>
        <translation>Schlüssel in doppelten Anführungszeichen erwartet, gefunden: %1</translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;}&apos;, found %1</source>
        <translation>&apos;,&apos; oder &apos;}&apos; erwartet, gefunden: %1</translation>
    </message>
    <message>
        <source>expected &apos;:&apos; after key &quot;%1&quot;, found %2</source>
        <translation>&apos;:&apos; nach Schlüssel „%1“ erwartet, gefunden: %2</translation>
    </message>
    <message>
        <source>duplicate key &quot;%1&quot; (first at line %2, column %3)</source>
        <translation>doppelter Schlüssel „%1“ (zuerst in Zeile %2, Spalte %3)</translation>
    </message>
    <message>
        <source>trailing comma before &apos;]&apos;</source>
        <translation>überzähliges Komma vor &apos;]&apos;</translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;]&apos;, found %1</source>
        <translation>&apos;,&apos; oder &apos;]&apos; erwartet, gefunden: %1</translation>
    </message>
    <message>
        <source>unterminated string</source>
        <translation>nicht abgeschlossene Zeichenkette</translation>
    </message>
    <message>
        <source>line break inside a string (unterminated string, or write it as \n)</source>
        <translation>Zeilenumbruch in einer Zeichenkette (nicht abgeschlossen, oder schreiben Sie ihn als \n)</translation>
    </message>
    <message>
        <source>control character U+%1 inside a string; escape it</source>
        <translation>Steuerzeichen U+%1 in einer Zeichenkette; maskieren Sie es</translation>
    </message>
    <message>
        <source>invalid escape &apos;\%1&apos; in string; allowed: \&quot; \\ \/ \b \f \n \r \t \uXXXX</source>
        <translation>ungültige Escape-Sequenz &apos;\%1&apos; in einer Zeichenkette; erlaubt: \&quot; \\ \/ \b \f \n \r \t \uXXXX</translation>
    </message>
    <message>
        <source>invalid escape in string</source>
        <translation>ungültige Escape-Sequenz in einer Zeichenkette</translation>
    </message>
    <message>
        <source>invalid \u escape: expected 4 hex digits</source>
        <translation>ungültige \u-Escape-Sequenz: 4 Hexadezimalziffern erwartet</translation>
    </message>
    <message>
        <source>unpaired surrogate \u%1 in string</source>
        <translation>unpaariges Surrogat \u%1 in einer Zeichenkette</translation>
    </message>
    <message>
        <source>invalid UTF-8 in string</source>
        <translation>ungültiges UTF-8 in einer Zeichenkette</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>ein Wahrheitswert</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>eine Zahl</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>ein Array</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>ein Objekt</translation>
    </message>
    <message>
        <source>&quot;${port}&quot; needs &quot;port&quot; in this configuration</source>
        <translation>&quot;${port}&quot; braucht &quot;port&quot; in dieser Konfiguration</translation>
    </message>
    <message>
        <source>unterminated placeholder &quot;%1&quot;; write &quot;$${&quot; for a literal &quot;${&quot;</source>
        <translation>nicht abgeschlossener Platzhalter „%1“; schreiben Sie &quot;$${&quot; für ein wörtliches &quot;${&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not available here: %2</source>
        <translation>„%1“ ist hier nicht verfügbar: %2</translation>
    </message>
    <message>
        <source>unknown variable &quot;%1&quot;: the plan has no &quot;variables&quot;</source>
        <translation>unbekannte Variable „%1“: der Plan hat keine &quot;variables&quot;</translation>
    </message>
    <message>
        <source>unknown variable &quot;%1&quot;; the plan&apos;s variables are: %2</source>
        <translation>unbekannte Variable „%1“; die Variablen des Plans sind: %2</translation>
    </message>
    <message>
        <source>unknown variable &quot;%1&quot;; did you mean &quot;${var:%2}&quot;?</source>
        <translation>unbekannte Variable „%1“; meinten Sie &quot;${var:%2}&quot;?</translation>
    </message>
    <message>
        <source>invalid environment variable name in &quot;%1&quot;</source>
        <translation>ungültiger Name einer Umgebungsvariablen in „%1“</translation>
    </message>
    <message>
        <source>environment variable &quot;%1&quot; is not set (referenced as &quot;%2&quot;)</source>
        <translation>Umgebungsvariable „%1“ ist nicht gesetzt (verwendet als „%2“)</translation>
    </message>
    <message>
        <source>&quot;${port}&quot; is only available inside a configuration</source>
        <translation>&quot;${port}&quot; ist nur innerhalb einer Konfiguration verfügbar</translation>
    </message>
    <message>
        <source>unknown placeholder &quot;%1&quot;; known here: %2 (write &quot;$${&quot; for a literal &quot;${&quot;)</source>
        <translation>unbekannter Platzhalter „%1“; hier bekannt: %2 (schreiben Sie &quot;$${&quot; für ein wörtliches &quot;${&quot;)</translation>
    </message>
    <message>
        <source>unknown placeholder &quot;%1&quot;; did you mean &quot;${%2}&quot;?</source>
        <translation>unbekannter Platzhalter „%1“; meinten Sie &quot;${%2}&quot;?</translation>
    </message>
    <message>
        <source>an array of strings (argv)</source>
        <translation>ein Array von Zeichenketten (argv)</translation>
    </message>
    <message>
        <source>must not be empty: give the program and its arguments</source>
        <translation>darf nicht leer sein: geben Sie das Programm und seine Argumente an</translation>
    </message>
    <message>
        <source>the program must not be empty</source>
        <translation>das Programm darf nicht leer sein</translation>
    </message>
    <message>
        <source>the program must not be empty (&quot;%1&quot; expands to nothing)</source>
        <translation>das Programm darf nicht leer sein („%1“ wird zu nichts ersetzt)</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>%1 %2 answered status %3, expected %4</source>
        <translation>%1 %2 antwortete mit Status %3, erwartet %4</translation>
    </message>
    <message>
        <source>%1 %2 answered Content-Type &quot;%3&quot;, expected &quot;%4&quot;</source>
        <translation>%1 %2 antwortete mit Content-Type „%3“, erwartet „%4“</translation>
    </message>
    <message>
        <source>%1 %2 answered a body that is not JSON (%3 at byte %4)</source>
        <translation>%1 %2 antwortete mit einem Body, der kein JSON ist (%3 bei Byte %4)</translation>
    </message>
    <message>
        <source>%1 %2: field &quot;%3&quot; is present, expected it absent</source>
        <translation>%1 %2: Feld „%3“ ist vorhanden, erwartet wurde, dass es fehlt</translation>
    </message>
    <message>
        <source>%1 %2: field &quot;%3&quot; is missing</source>
        <translation>%1 %2: Feld „%3“ fehlt</translation>
    </message>
    <message>
        <source>%1 %2: field &quot;%3&quot; is %4, expected %5</source>
        <translation>%1 %2: Feld „%3“ ist %4, erwartet %5</translation>
    </message>
    <message>
        <source>a number (%1)</source>
        <translation>eine Zahl (%1)</translation>
    </message>
    <message>
        <source>a string (&quot;%1&quot;)</source>
        <translation>eine Zeichenkette („%1“)</translation>
    </message>
    <message>
        <source>a boolean (%1)</source>
        <translation>ein Wahrheitswert (%1)</translation>
    </message>
    <message>
        <source>1 day</source>
        <translation>1 Tag</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 Tage</translation>
    </message>
    <message>
        <source>must not be negative</source>
        <translation>darf nicht negativ sein</translation>
    </message>
    <message>
        <source>must be above 0</source>
        <translation>muss größer als 0 sein</translation>
    </message>
    <message>
        <source>must be at most %1 requests per second</source>
        <translation>darf höchstens %1 Anfragen pro Sekunde betragen</translation>
    </message>
    <message>
        <source>must be at most %1</source>
        <translation>darf höchstens %1 betragen</translation>
    </message>
    <message>
        <source>must be at least %1 requests per second</source>
        <translation>muss mindestens %1 Anfragen pro Sekunde betragen</translation>
    </message>
    <message>
        <source>must be at least %1</source>
        <translation>muss mindestens %1 betragen</translation>
    </message>
    <message>
        <source>a duration like 500ms, 5s, 2m or 1h</source>
        <translation>eine Dauer wie 500ms, 5s, 2m oder 1h</translation>
    </message>
    <message>
        <source>a duration like 5s or a request count like 1000req</source>
        <translation>eine Dauer wie 5s oder eine Anzahl Anfragen wie 1000req</translation>
    </message>
    <message>
        <source>a rate in requests per second</source>
        <translation>eine Rate in Anfragen pro Sekunde</translation>
    </message>
    <message>
        <source>a rate in requests per second like 2000</source>
        <translation>eine Rate in Anfragen pro Sekunde wie 2000</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>eine ganze Zahl</translation>
    </message>
    <message>
        <source>a whole number of requests like 1000req</source>
        <translation>eine ganze Zahl von Anfragen wie 1000req</translation>
    </message>
    <message>
        <source>it is empty</source>
        <translation>sie ist leer</translation>
    </message>
    <message>
        <source>an empty entry</source>
        <translation>ein leerer Eintrag</translation>
    </message>
    <message>
        <source>CPU numbers go up to 1023</source>
        <translation>CPU-Nummern reichen bis 1023</translation>
    </message>
    <message>
        <source>%1 is not a CPU or a range</source>
        <translation>%1 ist keine CPU und kein Bereich</translation>
    </message>
    <message>
        <source>the range %1 is written backwards</source>
        <translation>der Bereich %1 ist rückwärts geschrieben</translation>
    </message>
    <message>
        <source>%1 is not a CPU list like 0-3,6: %2</source>
        <translation>%1 ist keine CPU-Liste wie 0-3,6: %2</translation>
    </message>
    <message>
        <source>a request count %1, not %2</source>
        <translation>die Anzahl Anfragen %1, nicht %2</translation>
    </message>
    <message>
        <source>%1 is not %2</source>
        <translation>%1 ist ungültig; erwartet: %2</translation>
    </message>
    <message>
        <source>%1, not %2</source>
        <translation>%1, nicht %2</translation>
    </message>
    <message>
        <source>expected %1, found %2</source>
        <translation>%1 erwartet, gefunden: %2</translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot; at %2; allowed keys: %3</source>
        <translation>unbekannter Schlüssel „%1“ in %2; erlaubte Schlüssel: %3</translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot; at %2; did you mean &quot;%3&quot;?</source>
        <translation>unbekannter Schlüssel „%1“ in %2; meinten Sie „%3“?</translation>
    </message>
    <message>
        <source>missing required key &quot;%1&quot;</source>
        <translation>Pflichtschlüssel „%1“ fehlt</translation>
    </message>
    <message>
        <source>must not be empty</source>
        <translation>darf nicht leer sein</translation>
    </message>
    <message>
        <source>a name may have at most %1 characters; this one has %2</source>
        <translation>ein Name darf höchstens %1 Zeichen haben; dieser hat %2</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>eine ganze Zahl</translation>
    </message>
    <message>
        <source>expected an integer, found %1</source>
        <translation>ganze Zahl erwartet, gefunden %1</translation>
    </message>
    <message>
        <source>must be at least %1, found %2</source>
        <translation>muss mindestens %1 sein, gefunden %2</translation>
    </message>
    <message>
        <source>must be between %1 and %2, found %3</source>
        <translation>muss zwischen %1 und %2 liegen, gefunden %3</translation>
    </message>
    <message>
        <source>must be greater than 0, found %1</source>
        <translation>muss größer als 0 sein, gefunden %1</translation>
    </message>
    <message>
        <source>must not be negative, found %1</source>
        <translation>darf nicht negativ sein, gefunden %1</translation>
    </message>
    <message>
        <source>must be at most %1, found %2</source>
        <translation>darf höchstens %1 sein, gefunden %2</translation>
    </message>
    <message>
        <source>a number of seconds</source>
        <translation>eine Anzahl Sekunden</translation>
    </message>
    <message>
        <source>a number of requests per second</source>
        <translation>eine Anzahl Anfragen pro Sekunde</translation>
    </message>
    <message>
        <source>one of %1</source>
        <translation>einen der Werte %1</translation>
    </message>
    <message>
        <source>invalid value &quot;%1&quot;; allowed: %2</source>
        <translation>ungültiger Wert „%1“; erlaubt: %2</translation>
    </message>
    <message>
        <source>a CPU list (&quot;0-3,6&quot;)</source>
        <translation>eine CPU-Liste (&quot;0-3,6&quot;)</translation>
    </message>
    <message>
        <source>an array of strings</source>
        <translation>ein Array von Zeichenketten</translation>
    </message>
    <message>
        <source>path &quot;%1&quot; must start with &apos;/&apos;</source>
        <translation>Pfad „%1“ muss mit &apos;/&apos; beginnen</translation>
    </message>
    <message>
        <source>path &quot;%1&quot; must not contain spaces or control characters; percent-encode them</source>
        <translation>Pfad „%1“ darf keine Leer- oder Steuerzeichen enthalten; kodieren Sie sie mit Prozentzeichen</translation>
    </message>
    <message>
        <source>duplicate %1 name &quot;%2&quot; (first at line %3, column %4)</source>
        <translation>%1 mit doppeltem Namen „%2“ (zuerst in Zeile %3, Spalte %4)</translation>
    </message>
    <message>
        <source> (and %1 more problems)</source>
        <translation> (und %1 weitere Probleme)</translation>
    </message>
    <message>
        <source>unsupported format %1; this version of Stackbench reads format 1</source>
        <translation>nicht unterstütztes Format %1; diese Version von Stackbench liest Format 1</translation>
    </message>
    <message>
        <source>cannot read the plan file: %1</source>
        <translation>die Plandatei kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>this secret is shorter than %1 characters: it is kept out of the stored plan, %2</source>
        <translation>dieses Geheimnis ist kürzer als %1 Zeichen: es wird aus dem gespeicherten Plan herausgehalten, %2</translation>
    </message>
    <message>
        <source>but not searched for in logs and output, where it would match too much</source>
        <translation>aber nicht in Protokollen und Ausgaben gesucht, wo es zu viel treffen würde</translation>
    </message>
    <message>
        <source>and wherever ordinary text in logs and output holds it, that text reads &lt;secret&gt; too</source>
        <translation>und wo gewöhnlicher Text in Protokollen und Ausgaben es enthält, steht auch dort &lt;secret&gt;</translation>
    </message>
    <message>
        <source>invalid header name &quot;%1&quot;</source>
        <translation>ungültiger Header-Name „%1“</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is set by Stackbench from the body; remove it</source>
        <translation>„%1“ setzt Stackbench anhand des Bodys; entfernen Sie ihn</translation>
    </message>
    <message>
        <source>a header value must not contain line breaks</source>
        <translation>ein Header-Wert darf keine Zeilenumbrüche enthalten</translation>
    </message>
    <message>
        <source>a header value must not contain control characters</source>
        <translation>ein Header-Wert darf keine Steuerzeichen enthalten</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an HTTP method Stackbench sends; use one of %2</source>
        <translation>„%1“ ist keine HTTP-Methode, die Stackbench sendet; verwenden Sie eine von %2</translation>
    </message>
    <message>
        <source>invalid header name &quot;%1&quot;: placeholders are not expanded in header names</source>
        <translation>ungültiger Header-Name „%1“: in Header-Namen werden keine Platzhalter ersetzt</translation>
    </message>
    <message>
        <source>&quot;@&quot; must be followed by a file name</source>
        <translation>auf &quot;@&quot; muss ein Dateiname folgen</translation>
    </message>
    <message>
        <source>body file &quot;%1&quot; not found (resolved to %2)</source>
        <translation>Body-Datei „%1“ nicht gefunden (aufgelöst zu %2)</translation>
    </message>
    <message>
        <source>cannot read body file %1: %2</source>
        <translation>Body-Datei %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>a string, &quot;@file&quot;, an object or an array</source>
        <translation>eine Zeichenkette, &quot;@file&quot;, ein Objekt oder ein Array</translation>
    </message>
    <message>
        <source>field &quot;%1&quot; has an empty segment; write a dotted path like &quot;items.0.id&quot;</source>
        <translation>Feld „%1“ hat ein leeres Segment; schreiben Sie einen Pfad mit Punkten wie &quot;items.0.id&quot;</translation>
    </message>
    <message>
        <source>missing required key &quot;present&quot; or &quot;equals&quot;</source>
        <translation>Pflichtschlüssel &quot;present&quot; oder &quot;equals&quot; fehlt</translation>
    </message>
    <message>
        <source>&quot;present&quot;: false contradicts &quot;equals&quot;; give one of them</source>
        <translation>&quot;present&quot;: false widerspricht &quot;equals&quot;; geben Sie nur einen davon an</translation>
    </message>
    <message>
        <source>an array of field checks</source>
        <translation>ein Array von Feldprüfungen</translation>
    </message>
    <message>
        <source>secret_headers names &quot;%1&quot;, which no route or parity check sends</source>
        <translation>secret_headers nennt „%1“, das keine Route und keine Paritätsprüfung sendet</translation>
    </message>
    <message>
        <source>an array of routes</source>
        <translation>ein Array von Routen</translation>
    </message>
    <message>
        <source>at least one route is required</source>
        <translation>mindestens eine Route ist erforderlich</translation>
    </message>
    <message>
        <source>route</source>
        <translation>Route</translation>
    </message>
    <message>
        <source>an array of parity checks</source>
        <translation>ein Array von Paritätsprüfungen</translation>
    </message>
    <message>
        <source>parity check</source>
        <translation>Paritätsprüfung</translation>
    </message>
    <message>
        <source>the database settings are needed before a run starts; use ${env:NAME}</source>
        <translation>die Datenbankeinstellungen werden vor dem Start eines Laufs gebraucht; verwenden Sie ${env:NAME}</translation>
    </message>
    <message>
        <source>a duration (&quot;5s&quot;) or a request count (&quot;1000req&quot;)</source>
        <translation>eine Dauer (&quot;5s&quot;) oder eine Anzahl Anfragen (&quot;1000req&quot;)</translation>
    </message>
    <message>
        <source>invalid warm-up &quot;%1&quot;; use a duration (&quot;500ms&quot;, &quot;5s&quot;, &quot;2m&quot;) or a request count (&quot;1000req&quot;)</source>
        <translation>ungültige Aufwärmphase „%1“; verwenden Sie eine Dauer (&quot;500ms&quot;, &quot;5s&quot;, &quot;2m&quot;) oder eine Anzahl Anfragen (&quot;1000req&quot;)</translation>
    </message>
    <message>
        <source>an array of integers</source>
        <translation>ein Array von ganzen Zahlen</translation>
    </message>
    <message>
        <source>at least one concurrency is required</source>
        <translation>mindestens eine Parallelität ist erforderlich</translation>
    </message>
    <message>
        <source>duplicate concurrency %1</source>
        <translation>doppelte Parallelität %1</translation>
    </message>
    <message>
        <source>an A/A profile starts its arms&apos; processes fresh: use &quot;round&quot; or &quot;window&quot;, not &quot;once&quot;</source>
        <translation>ein A/A-Profil startet die Prozesse seiner Arme frisch: verwenden Sie &quot;round&quot; oder &quot;window&quot;, nicht &quot;once&quot;</translation>
    </message>
    <message>
        <source>&quot;configuration&quot; belongs to an A/A profile (&quot;kind&quot;: &quot;aa&quot;)</source>
        <translation>&quot;configuration&quot; gehört zu einem A/A-Profil (&quot;kind&quot;: &quot;aa&quot;)</translation>
    </message>
    <message>
        <source>no configuration &quot;%1&quot; in the plan</source>
        <translation>keine Konfiguration „%1“ im Plan</translation>
    </message>
    <message>
        <source>&quot;warmup_concurrency&quot; applies to a warm-up per route: add &quot;warmup_scope&quot;: &quot;route&quot;</source>
        <translation>&quot;warmup_concurrency&quot; gilt für eine Aufwärmphase je Route: ergänzen Sie &quot;warmup_scope&quot;: &quot;route&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; expands to &quot;%2&quot;, not a port 1..65535</source>
        <translation>„%1“ wird zu „%2“ ersetzt, das ist kein Port 1..65535</translation>
    </message>
    <message>
        <source>a share like &quot;25%machine&quot; (of the machine) or &quot;150%&quot; (of one core)</source>
        <translation>ein Anteil wie &quot;25%machine&quot; (des Rechners) oder &quot;150%&quot; (eines Kerns)</translation>
    </message>
    <message>
        <source>invalid CPU gate &quot;%1&quot;; expected %2</source>
        <translation>ungültige CPU-Schwelle „%1“; erwartet %2</translation>
    </message>
    <message>
        <source>a share of the machine must be above 0 and at most 100%machine, not &quot;%1&quot;</source>
        <translation>ein Anteil des Rechners muss größer als 0 und höchstens 100%machine sein, nicht „%1“</translation>
    </message>
    <message>
        <source>must be above 0 and at most 1000000%, not &quot;%1&quot;</source>
        <translation>muss größer als 0 und höchstens 1000000% sein, nicht „%1“</translation>
    </message>
    <message>
        <source>%1 of one core can never be reached on this %2-core machine (at most %3%); give a share of the machine, e.g. &quot;25%machine&quot;</source>
        <translation>%1 eines Kerns kann auf diesem Rechner mit %2 Kernen nie erreicht werden (höchstens %3%); geben Sie einen Anteil des Rechners an, z. B. &quot;25%machine&quot;</translation>
    </message>
    <message>
        <source>give &quot;foreign_gate&quot; or &quot;foreign_gate_pct&quot;, not both</source>
        <translation>geben Sie &quot;foreign_gate&quot; oder &quot;foreign_gate_pct&quot; an, nicht beides</translation>
    </message>
    <message>
        <source>mode &quot;open&quot; needs &quot;rate&quot; &gt; 0 (requests per second)</source>
        <translation>Modus &quot;open&quot; braucht &quot;rate&quot; &gt; 0 (Anfragen pro Sekunde)</translation>
    </message>
    <message>
        <source>&quot;rate&quot; applies only to mode &quot;open&quot;; closed mode sends as fast as answers come</source>
        <translation>&quot;rate&quot; gilt nur für den Modus &quot;open&quot;; der geschlossene Modus sendet so schnell, wie Antworten kommen</translation>
    </message>
    <message>
        <source>an object of profiles</source>
        <translation>ein Objekt aus Profilen</translation>
    </message>
    <message>
        <source>at least one profile is required (e.g. &quot;quick&quot;)</source>
        <translation>mindestens ein Profil ist erforderlich (z. B. &quot;quick&quot;)</translation>
    </message>
    <message>
        <source>invalid profile name &quot;%1&quot;; use letters, digits, &apos;_&apos;, &apos;.&apos; and &apos;-&apos;</source>
        <translation>ungültiger Profilname „%1“; verwenden Sie Buchstaben, Ziffern, &apos;_&apos;, &apos;.&apos; und &apos;-&apos;</translation>
    </message>
    <message>
        <source>no configuration &quot;%1&quot; in the plan; the configurations are: %2</source>
        <translation>keine Konfiguration „%1“ im Plan; die Konfigurationen sind: %2</translation>
    </message>
    <message>
        <source>no configuration &quot;%1&quot; in the plan; did you mean &quot;%2&quot;?</source>
        <translation>keine Konfiguration „%1“ im Plan; meinten Sie „%2“?</translation>
    </message>
    <message>
        <source>no profile &quot;%1&quot; in the plan; the profiles are: %2</source>
        <translation>kein Profil „%1“ im Plan; die Profile sind: %2</translation>
    </message>
    <message>
        <source>no profile &quot;%1&quot; in the plan; did you mean &quot;%2&quot;?</source>
        <translation>kein Profil „%1“ im Plan; meinten Sie „%2“?</translation>
    </message>
    <message>
        <source>configuration &quot;%1&quot; shares %2 %3 with the load engine (%4 is &quot;%5&quot;): the server and the load generator compete for it</source>
        <translation>Konfiguration „%1“ teilt sich %2 %3 mit dem Lastgenerator (%4 ist „%5“): Server und Lastgenerator konkurrieren darum</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>die CPUs</translation>
    </message>
    <message>
        <source>%1: the path is not a request target once %2 is filled (spaces or control characters)</source>
        <translation>%1: der Pfad ist kein Anfrageziel mehr, sobald %2 eingesetzt ist (Leer- oder Steuerzeichen)</translation>
    </message>
    <message>
        <source>%1: header &quot;%2&quot; holds a line break once %3 is filled</source>
        <translation>%1: Header „%2“ enthält einen Zeilenumbruch, sobald %3 eingesetzt ist</translation>
    </message>
    <message>
        <source>variable &quot;%1&quot; has no value</source>
        <translation>Variable „%1“ hat keinen Wert</translation>
    </message>
    <message>
        <source>the value of variable &quot;%1&quot; contains a NUL character</source>
        <translation>der Wert der Variablen „%1“ enthält ein NUL-Zeichen</translation>
    </message>
    <message>
        <source>variable &quot;%1&quot; is empty: its command printed nothing</source>
        <translation>Variable „%1“ ist leer: ihr Befehl hat nichts ausgegeben</translation>
    </message>
    <message>
        <source>route &quot;%1&quot;</source>
        <translation>Route „%1“</translation>
    </message>
    <message>
        <source>parity check &quot;%1&quot;</source>
        <translation>Paritätsprüfung „%1“</translation>
    </message>
    <message>
        <source>unsupported JWT algorithm &quot;%1&quot;; use HS256, HS384 or HS512</source>
        <translation>nicht unterstützter JWT-Algorithmus „%1“; verwenden Sie HS256, HS384 oder HS512</translation>
    </message>
    <message>
        <source>the JWT secret is empty</source>
        <translation>das JWT-Geheimnis ist leer</translation>
    </message>
    <message>
        <source>a variable has one of &quot;value&quot;, &quot;command&quot; and &quot;jwt&quot;, not several</source>
        <translation>eine Variable hat genau eines von &quot;value&quot;, &quot;command&quot; und &quot;jwt&quot;, nicht mehrere</translation>
    </message>
    <message>
        <source>missing required key &quot;value&quot;, &quot;command&quot; or &quot;jwt&quot;</source>
        <translation>Pflichtschlüssel &quot;value&quot;, &quot;command&quot; oder &quot;jwt&quot; fehlt</translation>
    </message>
    <message>
        <source>&quot;%1&quot; applies to a command variable only</source>
        <translation>„%1“ gilt nur für eine Befehlsvariable</translation>
    </message>
    <message>
        <source>an object of claims</source>
        <translation>ein Objekt aus Claims</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is set when the token is made (from &quot;expires_in_s&quot;); remove it</source>
        <translation>„%1“ wird beim Erzeugen des Tokens gesetzt (aus &quot;expires_in_s&quot;); entfernen Sie ihn</translation>
    </message>
    <message>
        <source>a variable cannot use another one</source>
        <translation>eine Variable kann keine andere verwenden</translation>
    </message>
    <message>
        <source>an object of variables</source>
        <translation>ein Objekt aus Variablen</translation>
    </message>
    <message>
        <source>invalid variable name &quot;%1&quot;; use letters, digits, &apos;_&apos;, &apos;.&apos; and &apos;-&apos;, starting with a letter or &apos;_&apos;</source>
        <translation>ungültiger Variablenname „%1“; verwenden Sie Buchstaben, Ziffern, &apos;_&apos;, &apos;.&apos; und &apos;-&apos;, beginnend mit einem Buchstaben oder &apos;_&apos;</translation>
    </message>
    <message>
        <source>no plan loaded</source>
        <translation>kein Plan geladen</translation>
    </message>
    <message>
        <source>%1 (once its placeholders are resolved)</source>
        <translation>%1 (nach dem Ersetzen der Platzhalter)</translation>
    </message>
    <message>
        <source>secret_headers names &quot;%1&quot;, which is not a key of &quot;headers&quot;</source>
        <translation>secret_headers nennt „%1“, das kein Schlüssel von &quot;headers&quot; ist</translation>
    </message>
    <message>
        <source>secret_headers names &quot;%1&quot;, which is not a key of &quot;headers&quot;; did you mean &quot;%2&quot;?</source>
        <translation>secret_headers nennt „%1“, das kein Schlüssel von &quot;headers&quot; ist; meinten Sie „%2“?</translation>
    </message>
    <message>
        <source>path &quot;%1&quot; must start with &apos;/&apos; (once its placeholders are resolved)</source>
        <translation>Pfad „%1“ muss mit &apos;/&apos; beginnen (nach dem Ersetzen der Platzhalter)</translation>
    </message>
    <message>
        <source>path &quot;%1&quot; must not contain spaces or control characters (once its placeholders are resolved); percent-encode them</source>
        <translation>Pfad „%1“ darf keine Leer- oder Steuerzeichen enthalten (nach dem Ersetzen der Platzhalter); kodieren Sie sie mit Prozentzeichen</translation>
    </message>
    <message>
        <source>&quot;order&quot;: &quot;pairs&quot; starts a fresh process for every window: add &quot;process&quot;: &quot;window&quot;</source>
        <translation>&quot;order&quot;: &quot;pairs&quot; startet für jedes Fenster einen frischen Prozess: &quot;process&quot;: &quot;window&quot; ergänzen</translation>
    </message>
    <message>
        <source>true, false or an object with &quot;routes&quot;, &quot;concurrency&quot;, &quot;call_graph&quot;, &quot;frequency_hz&quot;</source>
        <translation>true, false oder ein Objekt mit &quot;routes&quot;, &quot;concurrency&quot;, &quot;call_graph&quot;, &quot;frequency_hz&quot;</translation>
    </message>
    <message>
        <source>no route &quot;%1&quot; in the plan</source>
        <translation>keine Route „%1“ im Plan</translation>
    </message>
    <message>
        <source>an array of route names</source>
        <translation>ein Array von Routennamen</translation>
    </message>
    <message>
        <source>the profile measures no concurrency %1</source>
        <translation>das Profil misst keine Nebenläufigkeit %1</translation>
    </message>
    <message>
        <source>invalid base_url: %1; expected http[s]://host[:port]</source>
        <translation>ungültige base_url: %1; erwartet http[s]://host[:port]</translation>
    </message>
    <message>
        <source>a CA file must be readable when the plan is loaded</source>
        <translation>eine CA-Datei muss beim Laden des Plans lesbar sein</translation>
    </message>
    <message>
        <source>CA file &quot;%1&quot; not found (resolved to %2)</source>
        <translation>CA-Datei &quot;%1&quot; nicht gefunden (aufgelöst zu %2)</translation>
    </message>
    <message>
        <source>CA file %1 is not readable</source>
        <translation>CA-Datei %1 ist nicht lesbar</translation>
    </message>
    <message>
        <source> (&quot;h2&quot; over an http:// base_url is h2c, cleartext HTTP/2 with prior knowledge)</source>
        <translation> („h2“ über eine http://-base_url ist h2c, HTTP/2 im Klartext mit Vorwissen)</translation>
    </message>
    <message>
        <source> (HTTP/2 is &quot;h2&quot;)</source>
        <translation> (HTTP/2 heißt „h2“)</translation>
    </message>
    <message>
        <source> (HTTP/1.1 is &quot;http/1.1&quot;)</source>
        <translation> (HTTP/1.1 heißt „http/1.1“)</translation>
    </message>
    <message>
        <source> (HTTP/3 is not supported)</source>
        <translation> (HTTP/3 wird nicht unterstützt)</translation>
    </message>
    <message>
        <source>unknown protocol &quot;%1&quot;; accepted: %2%3</source>
        <translation>unbekanntes Protokoll „%1“; zulässig: %2%3</translation>
    </message>
    <message>
        <source>streams %1 needs &quot;protocol&quot;: &quot;h2&quot; (HTTP/1.1 carries one request at a time per connection)</source>
        <translation>streams %1 braucht &quot;protocol&quot;: &quot;h2&quot; (HTTP/1.1 trägt pro Verbindung eine Anfrage auf einmal)</translation>
    </message>
    <message>
        <source>streams %1 needs &quot;protocol&quot;: &quot;h2&quot;; configuration &quot;%2&quot; speaks http/1.1 (HTTP/1.1 carries one request at a time per connection)</source>
        <translation>streams %1 braucht &quot;protocol&quot;: &quot;h2&quot;; die Konfiguration „%2“ spricht http/1.1 (HTTP/1.1 trägt pro Verbindung eine Anfrage auf einmal)</translation>
    </message>
    <message>
        <source>invalid host name &quot;%1&quot;: use letters, digits, &apos;_&apos;, &apos;.&apos; and &apos;-&apos;</source>
        <translation>ungültiger Hostname „%1“: verwenden Sie Buchstaben, Ziffern, &apos;_&apos;, &apos;.&apos; und &apos;-&apos;</translation>
    </message>
    <message>
        <source>&quot;local&quot; is this machine and cannot be defined as a host</source>
        <translation>„local“ ist dieser Rechner und kann nicht als Host definiert werden</translation>
    </message>
    <message>
        <source>the ssh destination must not start with &apos;-&apos;</source>
        <translation>das ssh-Ziel darf nicht mit &apos;-&apos; beginnen</translation>
    </message>
    <message>
        <source>no host &quot;%1&quot; in the plan: define it in the top-level &quot;hosts&quot; object (&quot;%1&quot;: {&quot;ssh&quot;: &quot;user@address&quot;})</source>
        <translation>kein Host „%1“ im Plan: definieren Sie ihn im Objekt &quot;hosts&quot; auf oberster Ebene (&quot;%1&quot;: {&quot;ssh&quot;: &quot;user@address&quot;})</translation>
    </message>
    <message>
        <source>no host &quot;%1&quot; in the plan; the hosts are: %2</source>
        <translation>kein Host „%1“ im Plan; die Hosts sind: %2</translation>
    </message>
    <message>
        <source>no host &quot;%1&quot; in the plan; did you mean &quot;%2&quot;?</source>
        <translation>kein Host „%1“ im Plan; meinten Sie „%2“?</translation>
    </message>
    <message>
        <source>an array of host names</source>
        <translation>ein Array von Hostnamen</translation>
    </message>
    <message>
        <source>&quot;hosts&quot; needs at least one host; leave it out to load from this machine</source>
        <translation>&quot;hosts&quot; braucht mindestens einen Host; lassen Sie es weg, um die Last von diesem Rechner zu erzeugen</translation>
    </message>
    <message>
        <source>host &quot;%1&quot; is listed twice</source>
        <translation>Host „%1“ ist zweimal aufgeführt</translation>
    </message>
</context>
<context>
    <name>sb::run</name>
    <message>
        <source>cannot resolve %1: %2</source>
        <translation>%1 kann nicht aufgelöst werden: %2</translation>
    </message>
    <message>
        <source>cannot connect to %1: %2</source>
        <translation>keine Verbindung zu %1: %2</translation>
    </message>
    <message>
        <source>cannot send the request: %1</source>
        <translation>die Anfrage kann nicht gesendet werden: %1</translation>
    </message>
    <message>
        <source>cannot read the response: %1</source>
        <translation>die Antwort kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>the server closed the connection before the response was complete</source>
        <translation>der Server hat die Verbindung geschlossen, bevor die Antwort vollständig war</translation>
    </message>
    <message>
        <source>malformed HTTP response (%1: %2)</source>
        <translation>fehlerhafte HTTP-Antwort (%1: %2)</translation>
    </message>
    <message>
        <source>response header larger than %1 bytes</source>
        <translation>Antwort-Header größer als %1 Bytes</translation>
    </message>
    <message>
        <source>invalid URL &apos;%1&apos;: %2</source>
        <translation>ungültige URL &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>timed out after %1 ms</source>
        <translation>Zeitüberschreitung nach %1 ms</translation>
    </message>
    <message>
        <source>no HTTP response</source>
        <translation>keine HTTP-Antwort</translation>
    </message>
    <message>
        <source>no answer yet</source>
        <translation>noch keine Antwort</translation>
    </message>
    <message>
        <source>the server exited before it was ready (last probe: %1)</source>
        <translation>der Server hat sich beendet, bevor er bereit war (letzte Probe: %1)</translation>
    </message>
    <message>
        <source>status %1, expected %2</source>
        <translation>Status %1, erwartet %2</translation>
    </message>
    <message>
        <source>not ready after %1 ms (last probe: %2)</source>
        <translation>nach %1 ms nicht bereit (letzte Probe: %2)</translation>
    </message>
    <message>
        <source>not asked</source>
        <translation>nicht abgefragt</translation>
    </message>
    <message>
        <source>no response: %1</source>
        <translation>keine Antwort: %1</translation>
    </message>
    <message>
        <source>parity gate: the plan has no parity checks</source>
        <translation>Paritätsprüfung: der Plan hat keine Paritätsprüfungen</translation>
    </message>
    <message numerus="yes">
        <source>parity gate: %n check(s) passed</source>
        <translation>
            <numerusform>Paritätsprüfung: %n Prüfung bestanden</numerusform>
            <numerusform>Paritätsprüfung: %n Prüfungen bestanden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>parity gate: %1 of %n check(s) failed: %2</source>
        <translation>
            <numerusform>Paritätsprüfung: %1 von %n Prüfung fehlgeschlagen: %2</numerusform>
            <numerusform>Paritätsprüfung: %1 von %n Prüfungen fehlgeschlagen: %2</numerusform>
        </translation>
    </message>
    <message>
        <source>profile: %1</source>
        <translation>Profil: %1</translation>
    </message>
    <message>
        <source>profile: %1 (%2)</source>
        <translation>Profil: %1 (%2)</translation>
    </message>
    <message>
        <source>variable %1: %2</source>
        <translation>Variable %1: %2</translation>
    </message>
    <message>
        <source>variable %1: failed: %2</source>
        <translation>Variable %1: fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>variables: %1</source>
        <translation>Variablen: %1</translation>
    </message>
    <message>
        <source>configurations: not started, so their readiness, parity and before_/after_configuration hooks are not checked</source>
        <translation>Konfigurationen: nicht gestartet, daher werden Bereitschaft, Parität und die Hooks before_/after_configuration nicht geprüft</translation>
    </message>
    <message>
        <source>database: %1</source>
        <translation>Datenbank: %1</translation>
    </message>
    <message>
        <source>hook %1</source>
        <translation>Hook %1</translation>
    </message>
    <message>
        <source>%1 command %2: not found (in PATH or from %3)</source>
        <translation>%1 Befehl %2: nicht gefunden (weder im PATH noch ab %3)</translation>
    </message>
    <message>
        <source>%1 command %2: %3 (not run by check)</source>
        <translation>%1 Befehl %2: %3 (von der Prüfung nicht ausgeführt)</translation>
    </message>
    <message>
        <source>%1 version %2: %3</source>
        <translation>%1 Version %2: %3</translation>
    </message>
    <message>
        <source>base URL: %1</source>
        <translation>Basis-URL: %1</translation>
    </message>
    <message>
        <source>%1 already accepts connections before &apos;%2&apos; started; stop whatever listens there</source>
        <translation>%1 nimmt schon Verbindungen an, bevor &apos;%2&apos; gestartet ist; beenden Sie, was dort lauscht</translation>
    </message>
    <message>
        <source>%1 (server %2)</source>
        <translation>%1 (Server %2)</translation>
    </message>
    <message>
        <source>%1; its stderr ends: %2</source>
        <translation>%1; seine Ausgabe auf stderr endet mit: %2</translation>
    </message>
    <message>
        <source>%1; its stdout ends: %2</source>
        <translation>%1; seine Ausgabe auf stdout endet mit: %2</translation>
    </message>
    <message>
        <source>program &apos;%1&apos; not found</source>
        <translation>Programm &apos;%1&apos; nicht gefunden</translation>
    </message>
    <message>
        <source>program &apos;%1&apos; is not an executable file</source>
        <translation>Programm &apos;%1&apos; ist keine ausführbare Datei</translation>
    </message>
    <message>
        <source>program &apos;%1&apos; found in PATH but not executable</source>
        <translation>Programm &apos;%1&apos; im PATH gefunden, aber nicht ausführbar</translation>
    </message>
    <message>
        <source>program &apos;%1&apos; not found (PATH=%2)</source>
        <translation>Programm &apos;%1&apos; nicht gefunden (PATH=%2)</translation>
    </message>
    <message>
        <source>cannot change to working directory &apos;%1&apos;: %2</source>
        <translation>kann nicht in das Arbeitsverzeichnis &apos;%1&apos; wechseln: %2</translation>
    </message>
    <message>
        <source>cannot set up the standard streams: %1</source>
        <translation>die Standardkanäle können nicht eingerichtet werden: %1</translation>
    </message>
    <message>
        <source>program &apos;%1&apos; or its interpreter not found</source>
        <translation>Programm &apos;%1&apos; oder sein Interpreter nicht gefunden</translation>
    </message>
    <message>
        <source>cannot execute &apos;%1&apos;: %2</source>
        <translation>&apos;%1&apos; kann nicht ausgeführt werden: %2</translation>
    </message>
    <message>
        <source>cannot join the tree&apos;s cgroup %1: %2</source>
        <translation>kann der cgroup %1 des Prozessbaums nicht beitreten: %2</translation>
    </message>
    <message>
        <source>cannot run on CPUs %1: %2</source>
        <translation>kann nicht auf den CPUs %1 laufen: %2</translation>
    </message>
    <message>
        <source>the supervisor cannot fork the server: %1</source>
        <translation>der Supervisor kann den Server nicht forken: %1</translation>
    </message>
    <message>
        <source>the child failed before exec: %1</source>
        <translation>der Kindprozess ist vor exec gescheitert: %1</translation>
    </message>
    <message>
        <source>cannot open &apos;%1&apos; for the server&apos;s output: %2</source>
        <translation>&apos;%1&apos; kann nicht für die Ausgabe des Servers geöffnet werden: %2</translation>
    </message>
    <message>
        <source>the supervisor ended before starting the server</source>
        <translation>der Supervisor hat sich beendet, bevor er den Server gestartet hat</translation>
    </message>
    <message>
        <source>empty command</source>
        <translation>leerer Befehl</translation>
    </message>
    <message>
        <source>already running as PID %1</source>
        <translation>läuft bereits als PID %1</translation>
    </message>
    <message>
        <source>working directory &apos;%1&apos; does not exist</source>
        <translation>Arbeitsverzeichnis &apos;%1&apos; existiert nicht</translation>
    </message>
    <message>
        <source>CPU %1 is outside 0..%2</source>
        <translation>CPU %1 liegt außerhalb von 0..%2</translation>
    </message>
    <message>
        <source>cannot contain the tree in a cgroup: %1</source>
        <translation>der Prozessbaum kann nicht in einer cgroup eingeschlossen werden: %1</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>nicht gestartet</translation>
    </message>
    <message>
        <source>exited (status unknown: its supervisor was killed)</source>
        <translation>beendet (Status unbekannt: sein Supervisor wurde beendet)</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>exited with code %1</source>
        <translation>mit Code %1 beendet</translation>
    </message>
    <message>
        <source>killed by signal %1 (%2)</source>
        <translation>durch Signal %1 (%2) beendet</translation>
    </message>
    <message>
        <source>exited (status %1)</source>
        <translation>beendet (Status %1)</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2 of %n cores)</source>
        <translation>
            <numerusform>%1 (%2 von %n Kern)</numerusform>
            <numerusform>%1 (%2 von %n Kernen)</numerusform>
        </translation>
    </message>
    <message>
        <source>no single process used %1 cores or more (short-lived processes, or the kernel)</source>
        <translation>kein einzelner Prozess hat %1 Kerne oder mehr belegt (kurzlebige Prozesse oder der Kernel)</translation>
    </message>
    <message>
        <source>the plan&apos;s &quot;sampler&quot;: {&quot;%1&quot;: &quot;%2&quot;} sets the gate</source>
        <translation>die Schwelle setzt &quot;sampler&quot;: {&quot;%1&quot;: &quot;%2&quot;} im Plan</translation>
    </message>
    <message>
        <source>foreign-cpu %1 of a core (mean) &gt;= the gate %2</source>
        <translation>fremde CPU %1 eines Kerns (Mittel) &gt;= Schwelle %2</translation>
    </message>
    <message>
        <source>foreign-cpu peak %1 of a core in interval %2 (%3-%4 s) &gt;= the gate %5</source>
        <translation>fremde CPU Spitze %1 eines Kerns in Intervall %2 (%3–%4 s) &gt;= Schwelle %5</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>server tree died: %1</source>
        <translation>Server-Prozessbaum ist beendet: %1</translation>
    </message>
    <message>
        <source>load aborted: %1</source>
        <translation>Last abgebrochen: %1</translation>
    </message>
    <message>
        <source>sleep gap: %1</source>
        <translation>Lücke durch Ruhezustand: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n database checkpoint(s) inside the window</source>
        <translation>
            <numerusform>%n Datenbank-Checkpoint im Messfenster</numerusform>
            <numerusform>%n Datenbank-Checkpoints im Messfenster</numerusform>
        </translation>
    </message>
    <message>
        <source>errors: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>(pid %1) %2 cores</source>
        <translation>(PID %1) %2 Kerne</translation>
    </message>
    <message>
        <source>the plan&apos;s first profile</source>
        <translation>das erste Profil des Plans</translation>
    </message>
    <message>
        <source>the plan&apos;s default_profile</source>
        <translation>das default_profile des Plans</translation>
    </message>
    <message>
        <source>stackbench-supervisor did not understand its arguments: it is from another version of stackbench (reinstall it)</source>
        <translation>stackbench-supervisor hat seine Argumente nicht verstanden: es stammt aus einer anderen Version von stackbench (neu installieren)</translation>
    </message>
    <message>
        <source>STACKBENCH_SUPERVISOR names &apos;%1&apos;, which is not an executable file</source>
        <translation>STACKBENCH_SUPERVISOR nennt „%1“, das keine ausführbare Datei ist</translation>
    </message>
    <message>
        <source>the program stackbench-supervisor, which starts and contains server trees, is missing (looked beside stackbench in ../%1 and in %2): reinstall stackbench, or set STACKBENCH_SUPERVISOR to it</source>
        <translation>das Programm stackbench-supervisor, das Serverbäume startet und einhegt, fehlt (gesucht neben stackbench in ../%1 und in %2): stackbench neu installieren oder STACKBENCH_SUPERVISOR darauf setzen</translation>
    </message>
    <message>
        <source>cannot start the supervisor &apos;%1&apos;: %2</source>
        <translation>der Supervisor „%1“ kann nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>TLS setup failed: %1</source>
        <translation>TLS-Einrichtung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>cannot load the CA file %1: %2</source>
        <translation>CA-Datei %1 kann nicht geladen werden: %2</translation>
    </message>
    <message>
        <source>certificate verify failed: %1</source>
        <translation>Zertifikatsprüfung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>the server closed the connection</source>
        <translation>der Server hat die Verbindung geschlossen</translation>
    </message>
    <message>
        <source>TLS handshake failed: %1</source>
        <translation>TLS-Handshake fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>TLS connection closed</source>
        <translation>TLS-Verbindung geschlossen</translation>
    </message>
    <message>
        <source>TLS error: %1</source>
        <translation>TLS-Fehler: %1</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>cpu profiles: not taken: %1 (the run goes on without them)</source>
        <translation>CPU-Profile: nicht erstellt: %1 (der Lauf geht ohne sie weiter)</translation>
    </message>
    <message>
        <source>cpu profiles: perf %1</source>
        <translation>CPU-Profile: perf %1</translation>
    </message>
    <message>
        <source>cpu profiles: perf %1 (%2)</source>
        <translation>CPU-Profile: perf %1 (%2)</translation>
    </message>
    <message>
        <source>server did not agree to h2 by ALPN (it chose %1)</source>
        <translation>der Server hat per ALPN nicht h2 vereinbart (er wählte %1)</translation>
    </message>
    <message>
        <source>no protocol</source>
        <translation>kein Protokoll</translation>
    </message>
    <message>
        <source>server did not agree to h2 by ALPN (its alert: no application protocol)</source>
        <translation>der Server hat per ALPN nicht h2 vereinbart (seine Warnung: kein Anwendungsprotokoll)</translation>
    </message>
    <message>
        <source>HTTP/2 setup failed</source>
        <translation>HTTP/2-Einrichtung fehlgeschlagen</translation>
    </message>
    <message>
        <source>HTTP/2 error: %1</source>
        <translation>HTTP/2-Fehler: %1</translation>
    </message>
    <message>
        <source>h2c prior knowledge refused: %1</source>
        <translation>h2c mit Vorwissen abgelehnt: %1</translation>
    </message>
    <message>
        <source>h2c prior knowledge refused: the server closed the connection</source>
        <translation>h2c mit Vorwissen abgelehnt: der Server hat die Verbindung geschlossen</translation>
    </message>
    <message>
        <source>h2c prior knowledge refused: the server answered &quot;%1&quot; (HTTP/1.x)</source>
        <translation>h2c mit Vorwissen abgelehnt: der Server antwortete „%1“ (HTTP/1.x)</translation>
    </message>
    <message>
        <source>the server sent GOAWAY (%1) before answering</source>
        <translation>der Server sandte GOAWAY (%1), bevor er antwortete</translation>
    </message>
    <message>
        <source>the server reset the stream (%1)</source>
        <translation>der Server hat den Stream zurückgesetzt (%1)</translation>
    </message>
    <message>
        <source>%1 protocol: %2</source>
        <translation>%1 Protokoll: %2</translation>
    </message>
    <message>
        <source>the load generator on %1 was saturated: %2 cores of its %3 threads; add a load host or threads there</source>
        <translation>der Lastgenerator auf %1 war ausgelastet: %2 Kerne seiner %3 Threads; fügen Sie einen Lasthost oder dort Threads hinzu</translation>
    </message>
    <message>
        <source>load host %1: stackbench %2 on %3, %4 cores</source>
        <translation>Lasthost %1: stackbench %2 auf %3, %4 Kerne</translation>
    </message>
    <message>
        <source>load host %1: %2</source>
        <translation>Lasthost %1: %2</translation>
    </message>
    <message>
        <source>server host %1: stackbench %2 on %3, %4 cores</source>
        <translation>Server-Host %1: stackbench %2 auf %3, %4 Kerne</translation>
    </message>
    <message>
        <source>%1 command %2: runs on host %3 (not run by check)</source>
        <translation>%1 Befehl %2: läuft auf Host %3 (von check nicht ausgeführt)</translation>
    </message>
    <message>
        <source>unknown: its host is unreachable (%1)</source>
        <translation>unbekannt: sein Host ist nicht erreichbar (%1)</translation>
    </message>
</context>
</TS>
