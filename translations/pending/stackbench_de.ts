<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
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

This removes its %n stored window(s) from the store, with their intervals, samples and histograms, and the run's events and server logs. It cannot be undone; export the run first to keep a copy.</source>
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
    </context>
    <context>
        <name>sb::HistoryStore</name>
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
        <name>sb::MainWindow</name>
        <message>
            <source>H&amp;istory</source>
            <translation>&amp;Verlauf</translation>
        </message>
        <message>
            <source>Resuming run %1 (%2, profile %3)</source>
            <translation>Setze Lauf %1 fort (%2, Profil %3)</translation>
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
            <source>%1 valid, %2 invalid attempt(s)</source>
            <translation>%1 gültig, %2 ungültige(r) Versuch(e)</translation>
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
            <source>&lt;p&gt;&lt;b&gt;%1 invalid attempt(s)&lt;/b&gt; beside %2 valid window(s), by gate: %3&lt;/p&gt;</source>
            <translation>&lt;p&gt;&lt;b&gt;%1 ungültige(r) Versuch(e)&lt;/b&gt; neben %2 gültigen Messfenstern, nach Schwelle: %3&lt;/p&gt;</translation>
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
    </context>
    <context>
        <name>sb::RunDialog</name>
        <message>
            <source>Run %1 — %2 (%3)</source>
            <translation>Lauf %1 — %2 (%3)</translation>
        </message>
        <message>
            <source>Run %1 · %2 (%3) · %4, started %5 · %6 valid window(s), %7 invalid attempt(s) · read-only</source>
            <translation>Lauf %1 · %2 (%3) · %4, gestartet %5 · %6 gültige Messfenster, %7 ungültige(r) Versuch(e) · schreibgeschützt</translation>
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
            <source>%1 valid window(s) of %2 stored</source>
            <translation>%1 von %2 gespeicherten Messfenstern gültig</translation>
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
</TS>
