"""Deterministic fake data for the lab sites: people, parties, places, cars, sports, prose.

Every generator is a pure function of its integer id (and the site seed): the i-th name of a
large site is computed on request, never stored. Names that must be unique (slugs in URLs) come
from bijections between ids and mixed-radix digits, shuffled by an affine permutation.
"""

from __future__ import annotations

import random
import re
import unicodedata
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from math import gcd

__all__ = [
    "CAR_MAKES",
    "CITIES",
    "COUNTRIES",
    "PARTIES",
    "SERIES",
    "TEAMS",
    "PersonName",
    "car_make",
    "car_model",
    "city_name",
    "h32",
    "headline",
    "paragraph",
    "permute",
    "person_name",
    "rng_for",
    "sentence",
    "slugify",
    "sport_name",
]


def h32(seed: int, *key: object) -> int:
    """A cheap deterministic 32-bit hash of the seed and a key (for structure of large sites)."""
    return zlib.crc32(":".join([str(seed), *map(str, key)]).encode())


def rng_for(seed: int, *key: object) -> random.Random:
    """A Random seeded from the site seed and a key, e.g. `rng_for(seed, "member", 17)`."""
    return random.Random(":".join([str(seed), *map(str, key)]))


def slugify(text: str) -> str:
    """ "Zoë O'Brien-Smith 3.0" → "zoe-obrien-smith-3-0"."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    ascii_text = ascii_text.replace("'", "").lower()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")


def permute(i: int, n: int, seed: int) -> int:
    """A bijection of range(n) (affine map with a multiplier coprime to n)."""
    if n <= 1:
        return 0
    mult = int(n * 0.6180339887) + 2 * (seed % 1000) + 1  # golden ratio: spreads neighbours
    while gcd(mult, n) != 1:
        mult += 1
    return (i * mult + seed * 104729) % n


FIRST_NAMES = (
    "Ana", "Bruno", "Carla", "Daniel", "Elena", "Felipe", "Gabriela", "Hugo", "Isabel", "João",
    "Karin", "Lucas", "Marta", "Nuno", "Olga", "Paulo", "Quentin", "Rita", "Sofia", "Tiago",
    "Ursula", "Vitor", "Wanda", "Xavier", "Yara", "Zeca", "Adriana", "Bernardo", "Cecília",
    "Diego", "Eva", "Fábio", "Giulia", "Henrique", "Inês", "Jorge", "Lara", "Mateus", "Nadia",
    "Otávio", "Priya", "Rafael", "Selma", "Tomás", "Valéria", "William", "Amir", "Beatriz",
    "Chen", "Dora", "Emil", "Fatima", "Gustavo", "Hana", "Igor", "Julia", "Kenji", "Leila",
    "Miguel", "Nora", "Oscar", "Paula", "Renata", "Samuel", "Teresa", "Umberto", "Vera",
    "Walter", "Ximena", "Yusuf", "Zoë", "Alice", "Benedict", "Clara", "David", "Edimar",
    "Flora", "Gregor", "Helena", "Ivan",
)  # fmt: skip

LAST_NAMES = (
    "Almeida", "Barbosa", "Cardoso", "Dias", "Esteves", "Ferreira", "Gomes", "Henriques",
    "Ibáñez", "Jardim", "Klein", "Lima", "Machado", "Nunes", "Oliveira", "Pereira", "Queiroz",
    "Ribeiro", "Santos", "Teixeira", "Uchoa", "Vieira", "Wagner", "Xavier", "Yamamoto", "Zanetti",
    "Abreu", "Borges", "Costa", "Duarte", "Espinosa", "Fonseca", "Galante", "Holanda", "Ivanova",
    "Jung", "Kowalski", "Lopes", "Moreira", "Nakamura", "O'Brien", "Pacheco", "Quintana",
    "Rocha", "Silva", "Tavares", "Ulrich", "Vasconcelos", "Weber", "Young", "Zimmermann",
    "Andrade", "Bianchi", "Castro", "Dorneles", "Evans", "Faria", "Garcia", "Hoffmann", "Ito",
    "Jensen", "Kim", "Lacerda", "Manica", "Novak", "Okafor", "Petrov", "Rossi", "Schmidt",
    "Tanaka", "Urbano", "Varga", "Walsh", "Yilmaz", "Zhou", "Brandão", "Coelho", "Dantas",
    "Ehrlich", "Freitas", "Guerra",
)  # fmt: skip

MIDDLE = ("", *"ABCDEFGHIJKLMNOPRSTVW")


@dataclass(frozen=True, slots=True)
class PersonName:
    first: str
    middle: str
    last: str

    @property
    def full(self) -> str:
        mid = f" {self.middle}." if self.middle else ""
        return f"{self.first}{mid} {self.last}"

    @property
    def sort_key(self) -> str:
        return f"{slugify(self.last)} {slugify(self.first)} {self.middle}"

    @property
    def slug(self) -> str:
        return slugify(f"{self.first} {self.middle} {self.last}")


PERSON_SPACE = len(FIRST_NAMES) * len(LAST_NAMES) * len(MIDDLE)


def person_name(i: int, seed: int = 0) -> PersonName:
    """The i-th distinct person name (unique slugs for i < PERSON_SPACE)."""
    k = permute(i, PERSON_SPACE, seed)
    k, f = divmod(k, len(FIRST_NAMES))
    k, la = divmod(k, len(LAST_NAMES))
    return PersonName(FIRST_NAMES[f], MIDDLE[k % len(MIDDLE)], LAST_NAMES[la])


PARTIES = (
    ("PSB", "Socialist Party"),
    ("PDT", "Labour Democratic Party"),
    ("PV", "Green Party"),
    ("MDB", "Democratic Movement"),
    ("PSD", "Social Democratic Party"),
    ("NOVO", "New Party"),
    ("PL", "Liberal Party"),
    ("REDE", "Sustainability Network"),
    ("PT", "Workers' Party"),
    ("CID", "Citizens' Union"),
)

CITIES = (
    "Natal", "Porto Alegre", "Florianópolis", "Recife", "Salvador", "Curitiba", "Belém",
    "Manaus", "Fortaleza", "Vitória", "Goiânia", "Cuiabá", "Palmas", "Aracaju", "Maceió",
    "João Pessoa", "Teresina", "São Luís", "Macapá", "Boa Vista", "Rio Branco", "Porto Velho",
    "Campo Grande", "Belo Horizonte", "Ibirubá", "Pelotas", "Santos", "Lisbon", "Porto",
    "Madrid", "Valencia", "Lyon", "Turin", "Munich", "Vienna", "Prague", "Oslo", "Helsinki",
    "Dublin", "Leeds", "Osaka", "Seoul", "Perth", "Auckland", "Vancouver", "Denver",
    "Monterrey", "Bogotá", "Lima", "Santiago",
)  # fmt: skip

CITY_PREFIXES = ("", "New ", "Port ", "San ", "North ", "East ", "Lake ", "Mount ")
CITY_SUFFIXES = ("", "ville", "burg", "stad", "ford", "mouth", "field", "haven", "polis")


def city_name(i: int) -> str:
    """The i-th distinct city name (real names first, then composed ones)."""
    if i < len(CITIES):
        return CITIES[i]
    k = i - len(CITIES)
    k, root = divmod(k, len(CITIES))
    combos = len(CITY_SUFFIXES) * len(CITY_PREFIXES) - 1  # (no prefix, no suffix) is the root
    k, combo = divmod(k, combos)
    pre, suf = divmod(combo + 1, len(CITY_SUFFIXES))
    base = CITIES[root].split()[-1]
    name = f"{CITY_PREFIXES[pre]}{base}{CITY_SUFFIXES[suf]}"
    return name if k == 0 else f"{name} {_roman(k + 1)}"


def _roman(n: int) -> str:
    out = []
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"),
                           (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"),
                           (4, "IV"), (1, "I")):  # fmt: skip
        while n >= value:
            out.append(letters)
            n -= value
    return "".join(out)


CAR_MAKES = (
    "Ford", "Ferrari", "Audi", "BMW", "Chevrolet", "Dodge", "Fiat", "Honda", "Hyundai", "Jaguar",
    "Kia", "Lamborghini", "Lexus", "Lotus", "Maserati", "Mazda", "McLaren", "Mercedes-Benz",
    "Mini", "Mitsubishi", "Nissan", "Opel", "Peugeot", "Porsche", "Renault", "Saab", "Seat",
    "Skoda", "Subaru", "Suzuki", "Tesla", "Toyota", "Volkswagen", "Volvo", "Alfa Romeo",
    "Aston Martin", "Bentley", "Bugatti", "Cadillac", "Citroën",
)  # fmt: skip

MAKE_SYLLABLES = ("Zar", "Vel", "Kor", "Al", "Tri", "Nov", "Mar", "Sil", "Quan", "Bre", "Dyn",
                  "Or", "Pel", "Ruv", "Sta", "Tor")  # fmt: skip
MAKE_ENDINGS = ("vo", "ia", "on", "ex", "ari", "eta", "is", "ado")


def car_make(i: int) -> str:
    """The i-th distinct car make (real makes first, then invented ones)."""
    if i < len(CAR_MAKES):
        return CAR_MAKES[i]
    k = i - len(CAR_MAKES)
    k, a = divmod(k, len(MAKE_SYLLABLES))
    k, b = divmod(k, len(MAKE_ENDINGS))
    k, c = divmod(k, len(MAKE_SYLLABLES))
    name = f"{MAKE_SYLLABLES[a]}{MAKE_SYLLABLES[c].lower()}{MAKE_ENDINGS[b]}"
    return name if k == 0 else f"{name} {k + 1}"


MODEL_STEMS = (
    "Falcon", "Mustang", "Challenge", "Cabriolet", "Spider", "Coupe", "Sprint", "Corsa", "Vento",
    "Astra", "Arrow", "Comet", "Zephyr", "Nova", "Tempest", "Strada", "Aurora", "Viper",
    "Scirocco", "Mirage", "Legend", "Prelude", "Sierra", "Capri", "Monaco", "Roadster",
    "Estate", "Touring", "GT", "Stradale",
)  # fmt: skip
MODEL_CODES = ("", "RX-8", "BA", "SVT", "Mach 1", "A4", "360", "V8", "S", "RS", "GTI", "Turbo",
               "XR", "Z4", "M3", "Type R")  # fmt: skip
MODEL_TRIMS = ("", "Coupe", "3.0", "Cobra", "Sport", "Limited", "1.6", "Hybrid", "Convertible",
               "2.0 TDI", "Competition", "Classic")  # fmt: skip
MODEL_SPACE = len(MODEL_STEMS) * len(MODEL_CODES) * len(MODEL_TRIMS)


def car_model(make_i: int, j: int, seed: int = 0) -> str:
    """The j-th distinct model name of make `make_i` (unique within the make)."""
    rounds, j = divmod(j, MODEL_SPACE)
    k = permute(j, MODEL_SPACE, seed + make_i * 31)
    k, s = divmod(k, len(MODEL_STEMS))
    k, c = divmod(k, len(MODEL_CODES))
    t = k % len(MODEL_TRIMS)
    words = [MODEL_CODES[c], MODEL_STEMS[s], MODEL_TRIMS[t]]
    name = " ".join(w for w in words if w)
    return name if rounds == 0 else f"{name} Mk{rounds + 1}"


SPORTS = (
    "Athletics", "Archery", "Badminton", "Basketball", "Boxing", "Canoe Slalom", "Cycling Road",
    "Cycling Track", "Diving", "Equestrian", "Fencing", "Football", "Golf", "Gymnastics",
    "Handball", "Hockey", "Judo", "Rowing", "Rugby Sevens", "Sailing", "Shooting", "Swimming",
    "Table Tennis", "Taekwondo", "Tennis", "Triathlon", "Volleyball", "Beach Volleyball",
    "Water Polo", "Weightlifting", "Wrestling", "Modern Pentathlon", "Skateboarding",
    "Sport Climbing", "Surfing", "Alpine Skiing", "Biathlon", "Bobsleigh", "Cross-Country Skiing",
    "Curling", "Figure Skating", "Freestyle Skiing", "Ice Hockey", "Luge", "Nordic Combined",
    "Short Track", "Skeleton", "Ski Jumping", "Snowboard", "Speed Skating", "Baseball",
    "Softball", "Karate", "Breaking", "Lacrosse", "Cricket",
)  # fmt: skip
SPORT_PREFIXES = ("", "Para ", "Youth ", "Masters ", "Indoor ", "Mixed ", "Women's ", "Men's ")
SPORT_SUFFIXES = ("", " Sprint", " Relay", " Team", " Open", " Freestyle", " Marathon",
                  " Doubles", " Pairs", " Classic", " Endurance", " 3x3")  # fmt: skip
SPORT_SPACE = len(SPORTS) * len(SPORT_PREFIXES) * len(SPORT_SUFFIXES)


def sport_name(i: int) -> str:
    """The i-th distinct sport or discipline (the real Olympic sports first)."""
    k, base = divmod(i, len(SPORTS))
    k, suf = divmod(k, len(SPORT_SUFFIXES))
    k, pre = divmod(k, len(SPORT_PREFIXES))
    name = f"{SPORT_PREFIXES[pre]}{SPORTS[base]}{SPORT_SUFFIXES[suf]}"
    return name if k == 0 else f"{name} {_roman(k + 1)}"


WORDS = (
    "council", "session", "project", "budget", "city", "public", "meeting", "report", "season",
    "team", "record", "race", "result", "plan", "street", "school", "health", "transport",
    "culture", "sport", "water", "energy", "vote", "proposal", "review", "committee", "hearing",
    "program", "community", "district", "park", "bridge", "library", "festival", "market",
    "housing", "safety", "youth", "future", "history", "victory", "podium", "engine", "design",
    "research", "award", "launch", "update", "analysis", "season", "championship", "circuit",
)  # fmt: skip
VERBS = ("approves", "debates", "opens", "announces", "wins", "reviews", "presents", "launches",
         "extends", "celebrates", "questions", "supports", "rejects", "unveils")  # fmt: skip


def sentence(rng: random.Random, words: int = 0) -> str:
    n = words or rng.randint(7, 16)
    ws = [rng.choice(WORDS) for _ in range(n)]
    ws.insert(rng.randint(1, max(1, n - 1)), rng.choice(VERBS))
    return " ".join(ws).capitalize() + "."


def paragraph(rng: random.Random, sentences: int = 0) -> str:
    return " ".join(sentence(rng) for _ in range(sentences or rng.randint(2, 5)))


def headline(rng: random.Random, words: Sequence[str] = WORDS) -> str:
    """A news headline drawn from `words` (a site's own vocabulary, by default a generic one)."""
    a, b, c, d = rng.sample(list(words), 4)
    return f"{a.capitalize()} {b} {rng.choice(VERBS)} new {c} {d}"


COUNTRIES = (
    "Brazil", "Portugal", "Spain", "France", "Italy", "Germany", "United Kingdom", "Japan",
    "Finland", "Mexico", "Argentina", "Canada", "Australia", "New Zealand", "Austria", "Belgium",
    "Netherlands", "Sweden", "Denmark", "Switzerland", "India", "China", "South Korea", "Colombia",
)  # fmt: skip

TEAMS = (
    "Arden", "Carlin", "DAMS", "Racing Engineering", "Rapax", "Trident", "Lazarus", "Campos",
    "Hilmer", "MP Motorsport", "Russian Time", "Prema", "ART Grand Prix", "Virtuosi", "Charouz",
    "Hitech", "Van Amersfoort", "Jenzer", "Trident Junior", "Fortec",
)  # fmt: skip

SERIES = (
    ("gp2", "GP2 Series"), ("gp3", "GP3 Series"), ("f3", "Formula 3"), ("f-e", "Formula E"),
    ("gt", "GT Masters"), ("lmp", "Endurance LMP"), ("kart", "Karting World"),
    ("f4", "Formula 4"), ("rally", "Rally Cup"), ("indy", "Indy Lights"), ("touring", "Touring Cars"),
    ("hill", "Hill Climb"),
)  # fmt: skip
