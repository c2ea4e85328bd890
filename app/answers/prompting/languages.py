"""The answer in the asker's language.

A small model answers in the language of what it read most of: a German
question on German passages mostly gets German, but not always ("Yes, the
client receives a kernel image."), and an English question on a Russian
handbook would get Russian. So a question in a language other than English
adds one sentence to the system prompt naming it, and the model's refusal
is recognised in that language too. An English question leaves the prompt
exactly as it was: the English figures were measured with it.
"""
from __future__ import annotations

from app.common.language import ENGLISH, UNDETERMINED, detect

# ISO 639-1 → (the language's English name, how the handbook says "does not say").
LANGUAGES = {
    "ru": ("Russian", "В справочнике об этом не сказано."),
    "uk": ("Ukrainian", "У довіднику про це не сказано."),
    "de": ("German", "Das Handbuch sagt dazu nichts."),
    "es": ("Spanish", "El manual no lo dice."),
    "fr": ("French", "Le manuel ne le dit pas."),
    "it": ("Italian", "Il manuale non lo dice."),
    "pt": ("Portuguese", "O manual não diz."),
    "nl": ("Dutch", "Het handboek zegt het niet."),
}


def question_language(question: str) -> str:
    """The question's language; English when it cannot be told (a short
    question of names and numbers: the prompt then stays as it was)."""
    language = detect(question)
    return ENGLISH if language == UNDETERMINED else language


def answer_rule(question: str) -> str:
    """The sentence added to the system prompt for this question ("" for English)."""
    name = LANGUAGES.get(question_language(question), (None,))[0]
    return f" Write the answer in {name}." if name else ""


# The refusal as a model words it in those languages: the whole answer must
# be the refusal ("nichts über die Dauer, aber …" is an answer).
REFUSALS = (
    r"(?:в )?(?:справочнике|руководстве|источниках|документах|тексте)(?: об этом| этого)? "
    r"(?:ничего )?не (?:сказано|указано|упоминается|говорится)(?: об этом)?\W*",
    r"(?:das )?(?:handbuch|die quellen?|der text|die dokumente?) (?:sagt|sagen|enthält|"
    r"enthalten|erwähnt|erwähnen) (?:dazu |darüber |davon )?nichts\W*",
    r"(?:el )?(?:manual|las fuentes|el texto|los documentos) no (?:lo )?(?:dice|dicen|"
    r"menciona|mencionan|especifica|especifican)\W*",
)


# The app's own refusals, said without the model (app/answers/answerer.py):
# in the asker's language, as the model's answer would be.
NOTHING_FOUND_IN = {
    "ru": "Похоже, в справочнике об этом ничего нет: ни один проиндексированный документ "
          "не подходит к вопросу настолько, чтобы на него ответить.",
    "de": "Das Handbuch scheint dazu nichts zu enthalten: Keines der indexierten Dokumente "
          "liegt nah genug an der Frage, um sie zu beantworten.",
    "es": "Parece que el manual no trata este tema: ningún documento indexado se acerca lo "
          "suficiente a la pregunta como para responderla.",
}
NO_EVIDENCE_IN = {
    "ru": "Похоже, в справочнике об этом не сказано: ближайшие фрагменты не похожи на ответ "
          "на этот вопрос. Они перечислены в разделе «Источники».",
    "de": "Das Handbuch scheint dazu nichts zu sagen: Die nächsten Passagen sehen nicht nach "
          "einer Antwort auf diese Frage aus. Sie stehen unter „Quellen“.",
    "es": "Parece que el manual no lo dice: los pasajes más cercanos no parecen responder a "
          "esta pregunta. Aparecen en «Fuentes».",
}


def in_question_language(question: str, english: str, translations: dict[str, str]) -> str:
    """`english`, or its translation into the question's language when there is one."""
    return translations.get(question_language(question), english)
