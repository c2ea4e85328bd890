<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US" sourcelanguage="en">
<context>
    <name>ConversationList</name>
    <message numerus="yes">
        <source>%n question(s) · last asked {when}</source>
        <translation>
            <numerusform>%n question · last asked {when}</numerusform>
            <numerusform>%n questions · last asked {when}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConversationView</name>
    <message numerus="yes">
        <source>Show the %n earlier question(s)</source>
        <translation>
            <numerusform>Show the %n earlier question</numerusform>
            <numerusform>Show the %n earlier questions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more passage(s)</source>
        <translation>
            <numerusform>%n more passage</numerusform>
            <numerusform>%n more passages</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Core</name>
    <message numerus="yes">
        <source>reading %n passage(s)…</source>
        <translation>
            <numerusform>reading %n passage…</numerusform>
            <numerusform>reading %n passages…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>reading %n passage(s) ({tokens} tokens)… {share} %</source>
        <translation>
            <numerusform>reading %n passage ({tokens} tokens)… {share} %</numerusform>
            <numerusform>reading %n passages ({tokens} tokens)… {share} %</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n source(s) · {used} / {window} tokens</source>
        <translation>
            <numerusform>%n source · {used} / {window} tokens</numerusform>
            <numerusform>%n sources · {used} / {window} tokens</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EvalView</name>
    <message numerus="yes">
        <source>first %n questions</source>
        <comment>spin box: how many questions are asked</comment>
        <translation>
            <numerusform>first %n question</numerusform>
            <numerusform>first %n questions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{done}/%Ln questions</source>
        <comment>progress bar</comment>
        <translation>
            <numerusform>{done}/%Ln question</numerusform>
            <numerusform>{done}/%Ln questions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Evaluating: {done} of %Ln questions…</source>
        <translation>
            <numerusform>Evaluating: {done} of %Ln question…</numerusform>
            <numerusform>Evaluating: {done} of %Ln questions…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln cases</source>
        <translation>
            <numerusform>%Ln case</numerusform>
            <numerusform>%Ln cases</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{cases} (%Ln not counted: see that tab)</source>
        <translation>
            <numerusform>{cases} (%Ln not counted: see that tab)</numerusform>
            <numerusform>{cases} (%Ln not counted: see that tab)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln questions</source>
        <translation>
            <numerusform>%Ln question</numerusform>
            <numerusform>%Ln questions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{folder} · %Ln cases in the golden set · k = {k} for both profiles.</source>
        <translation>
            <numerusform>{folder} · %Ln case in the golden set · k = {k} for both profiles.</numerusform>
            <numerusform>{folder} · %Ln cases in the golden set · k = {k} for both profiles.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HealthPanel</name>
    <message numerus="yes">
        <source>the embedder stops here: token {token} of {total} (character {char}) · it reads {readable} tokens + [CLS] and [SEP] = {window}; the %Ln tokens after this never reach it</source>
        <translation>
            <numerusform>the embedder stops here: token {token} of {total} (character {char}) · it reads {readable} tokens + [CLS] and [SEP] = {window}; the %Ln token after this never reaches it</numerusform>
            <numerusform>the embedder stops here: token {token} of {total} (character {char}) · it reads {readable} tokens + [CLS] and [SEP] = {window}; the %Ln tokens after this never reach it</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>budget %Ln tokens per chunk</source>
        <translation>
            <numerusform>budget %Ln token per chunk</numerusform>
            <numerusform>budget %Ln tokens per chunk</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>chunks of %Ln cl100k tokens (Spring AI TokenTextSplitter defaults)</source>
        <translation>
            <numerusform>chunks of %Ln cl100k tokens (Spring AI TokenTextSplitter defaults)</numerusform>
            <numerusform>chunks of %Ln cl100k tokens (Spring AI TokenTextSplitter defaults)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln documents ({failed} failed)</source>
        <translation>
            <numerusform>%Ln document ({failed} failed)</numerusform>
            <numerusform>%Ln documents ({failed} failed)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln documents</source>
        <translation>
            <numerusform>%Ln document</numerusform>
            <numerusform>%Ln documents</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>window %Ln tokens (its own, specials included)</source>
        <translation>
            <numerusform>window %Ln token (its own, specials included)</numerusform>
            <numerusform>window %Ln tokens (its own, specials included)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln sections</source>
        <translation>
            <numerusform>%Ln section</numerusform>
            <numerusform>%Ln sections</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln chunks</source>
        <translation>
            <numerusform>%Ln chunk</numerusform>
            <numerusform>%Ln chunks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{path} › {heading} · chunk {index} · %Ln tokens, {invisible} invisible</source>
        <translation>
            <numerusform>{path} › {heading} · chunk {index} · %Ln token, {invisible} invisible</numerusform>
            <numerusform>{path} › {heading} · chunk {index} · %Ln tokens, {invisible} invisible</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Histogram</name>
    <message numerus="yes">
        <source>{title} · %Ln chunks</source>
        <comment>chart title: the tokenizer, then the count</comment>
        <translation>
            <numerusform>{title} · %Ln chunk</numerusform>
            <numerusform>{title} · %Ln chunks</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>IndexStatus</name>
    <message numerus="yes">
        <source>Indexing: {done}/%Ln files</source>
        <translation>
            <numerusform>Indexing: {done}/%Ln file</numerusform>
            <numerusform>Indexing: {done}/%Ln files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln chunks</source>
        <translation>
            <numerusform>%Ln chunk</numerusform>
            <numerusform>%Ln chunks</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LibraryPanel</name>
    <message numerus="yes">
        <source>%Ln pages</source>
        <translation>
            <numerusform>%Ln page</numerusform>
            <numerusform>%Ln pages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>OCR %Ln pages</source>
        <translation>
            <numerusform>OCR %Ln page</numerusform>
            <numerusform>OCR %Ln pages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>OCR %Ln pages, {share} sure</source>
        <translation>
            <numerusform>OCR %Ln page, {share} sure</numerusform>
            <numerusform>OCR %Ln pages, {share} sure</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln chunks</source>
        <translation>
            <numerusform>%Ln chunk</numerusform>
            <numerusform>%Ln chunks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln over the window</source>
        <comment>chunks longer than the embedder&apos;s window</comment>
        <translation>
            <numerusform>%Ln over the window</numerusform>
            <numerusform>%Ln over the window</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <source>{handbook}: %n file(s) brought up to date</source>
        <translation>
            <numerusform>{handbook}: %n file brought up to date</numerusform>
            <numerusform>{handbook}: %n files brought up to date</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Asking %n handbooks</source>
        <translation>
            <numerusform>Asking %n handbook</numerusform>
            <numerusform>Asking %n handbooks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be indexed: {names} and {more} more. The library on the left says why; everything else is searchable.</source>
        <translation>
            <numerusform>%n file could not be indexed: {names} and {more} more. The library on the left says why; everything else is searchable.</numerusform>
            <numerusform>%n files could not be indexed: {names} and {more} more. The library on the left says why; everything else is searchable.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be indexed: {names}. The library on the left says why; everything else is searchable.</source>
        <translation>
            <numerusform>%n file could not be indexed: {names}. The library on the left says why; everything else is searchable.</numerusform>
            <numerusform>%n files could not be indexed: {names}. The library on the left says why; everything else is searchable.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message numerus="yes">
        <source>%n model(s) found, {unusable} of them cannot be used</source>
        <translation>
            <numerusform>%n model found, {unusable} of them cannot be used</numerusform>
            <numerusform>%n models found, {unusable} of them cannot be used</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) found</source>
        <translation>
            <numerusform>%n model found</numerusform>
            <numerusform>%n models found</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message numerus="yes">
        <source>%n tokens</source>
        <comment>a context size</comment>
        <translation>
            <numerusform>%n token</numerusform>
            <numerusform>%n tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A window of %n tokens is too small: chunks need at least {minimum} tokens. Use 0 for the model&apos;s own window.</source>
        <translation>
            <numerusform>A window of %n token is too small: chunks need at least {minimum} tokens. Use 0 for the model&apos;s own window.</numerusform>
            <numerusform>A window of %n tokens is too small: chunks need at least {minimum} tokens. Use 0 for the model&apos;s own window.</numerusform>
        </translation>
    </message>
</context>
</TS>
