"""The words a question about a deed is read by, in each language the FAQ is written in
beside English (games/deed_questions.py): for each English word the parser reads by, the
reader's words of the same meaning, as a referee types them (accents may be left out when
typed). Words that only ask ("how much", "the", "with") read as "the": they do not change
the answer. Deeds' names are read as the edition prints them, in every language.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass


def plain(text: str) -> str:
    """`text` in small letters without its accents ("Hôtel": "hotel", "Würfel": "wurfel")."""
    text = unicodedata.normalize("NFKD", text.lower().replace("ß", "ss"))
    return "".join(letter for letter in text if not unicodedata.combining(letter))


#: English word read by the parser: the language's words of that meaning.
FRENCH = {
    "rent": "loyer loyers",
    "hotel": "hôtel",
    "hotels": "hôtels",
    "house": "maison",
    "houses": "maisons",
    "mortgage": "hypothèque hypothèques hypothéquer hypothéqué hypothéquée",
    "lift": "lever levée racheter rachat déshypothéquer",
    "railroad": "gare",
    "railroads": "gares",
    "utility": "compagnie",
    "utilities": "compagnies",
    "dice": "dés dé",
    "roll": "lancer lancé jet",
    "a": "un une",
    "two": "deux",
    "three": "trois",
    "four": "quatre",
    "all": "toutes tous",
    "whole": "entier entière tout toute groupe complet complète monopole",
    "no": "sans aucun aucune",
    "cost": "coûte coûtent coût combien",
    "price": "prix",
    "buy": "acheter achat",
    "the": "le la les l de du d avec sur pour quel quelle est à au aux a si et en "
    "qui que on je il elle",
}
SPANISH = {
    "rent": "alquiler alquileres",
    "hotel": "hotel",
    "hotels": "hoteles",
    "house": "casa",
    "houses": "casas",
    "mortgage": "hipoteca hipotecas hipotecar hipotecado hipotecada",
    "lift": "levantar levantamiento deshipotecar cancelar",
    "railroad": "estación ferrocarril",
    "railroads": "estaciones ferrocarriles",
    "utility": "compañía",
    "utilities": "compañías",
    "dice": "dados dado",
    "roll": "tirada saca sacas",
    "a": "un una uno",
    "two": "dos",
    "three": "tres",
    "four": "cuatro",
    "both": "ambos ambas",
    "all": "todos todas",
    "whole": "grupo completo completa entero todo toda monopolio",
    "no": "sin ningún ninguna",
    "cost": "cuesta cuestan coste costo cuánto cuánta",
    "price": "precio",
    "buy": "comprar compra",
    "the": "el la los las lo de del con en sobre para por qué cuál es a al si y se "
    "paga pagar cobra",
}
GERMAN = {
    "rent": "Miete Mieten",
    "hotel": "Hotel",
    "hotels": "Hotels",
    "house": "Haus",
    "houses": "Häuser Häusern",
    "mortgage": "Hypothek Hypotheken hypothekarisiert belastet",
    "lift": "ablösen Ablösung zurückkaufen tilgen",
    "railroad": "Bahnhof",
    "railroads": "Bahnhöfe Bahnhöfen",
    "utility": "Versorgungswerk Werk",
    "utilities": "Versorgungswerke Versorgungswerken Werke Werken",
    "dice": "Würfel Augen Augenzahl",
    "roll": "gewürfelt wurf",
    "a": "ein eine einem einen einer",
    "two": "zwei",
    "three": "drei",
    "four": "vier",
    "both": "beide beiden",
    "all": "alle allen",
    "whole": "ganze ganzen Gruppe Farbgruppe komplett kompletter kompletten Monopol",
    "no": "ohne kein keine keinen",
    "cost": "kostet kosten wieviel viel",
    "price": "Preis",
    "buy": "kaufen Kauf",
    "the": "der die das den dem des mit auf für bei von wie was ist und wenn im in zu "
    "man zahlt zahlen",
}


@dataclass(frozen=True)
class Vocabulary:
    """A language's words as typed (`shown`: plain word to the word as written) and the
    English word each means (`meanings`, by plain word)."""

    meanings: dict[str, str]
    shown: dict[str, str]


def _vocabulary(words: dict[str, str]) -> Vocabulary:
    meanings, shown = {}, {}
    for english, theirs in words.items():
        for word in theirs.split():
            meanings.setdefault(plain(word), english)
            shown.setdefault(plain(word), word.lower())
    return Vocabulary(meanings, shown)


#: The FAQ's languages beside English (games.selectors' codes).
VOCABULARIES = {
    "fr": _vocabulary(FRENCH),
    "es": _vocabulary(SPANISH),
    "de": _vocabulary(GERMAN),
}
