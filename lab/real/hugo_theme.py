"""real-hugo's site configuration and its minimal theme: Hugo templates, written at install.

A blog theme of the common shape, in Hugo's own template language, with Hugo's built-in
pagination (`_internal/pagination.html`: first, previous, a window of page numbers, next, last):

- every page: a header with the site's title and links Home, Archives, Tags, Categories;
- the home page: every post, newest first, `PAGE_SIZE` a page (`/`, `/page/2/`, …), each item
  its title (the link), date, author, tags and categories;
- `/tags/`, `/categories/`: every term with its count; a term's page (`/tags/dpkg/`) its posts,
  paged as the home page (`/tags/dpkg/page/2/`);
- `/archives/`: every year and month with its count; a year's page (`/2023/`) its months; a
  month's page (`/2023/05/`) its posts, paged;
- a post (`/2023/05/dpkg-1.21.22/`): its title, then label/value pairs (`<dl>`: Package,
  Version, Date, Author, Urgency, Tags, Categories), the upload's changes, and links to the
  newer and older post of its month.

No feed and no sitemap (`disableKinds`): the lists are the only way to the posts. Built with
`baseURL = "/"`, so every link is root-relative and the built site serves on any port.
"""

from __future__ import annotations

__all__ = ["CONFIG", "LAYOUTS", "PAGE_SIZE"]

PAGE_SIZE = 10

CONFIG = f"""baseURL = "/"
languageCode = "en"
title = "Debian uploads"
paginate = {PAGE_SIZE}
disableKinds = ["RSS", "sitemap", "robotsTXT"]
enableRobotsTXT = false
[markup.highlight]
  codeFences = false
[taxonomies]
  tag = "tags"
  category = "categories"
"""

_ITEM = """<li class="post">
  <a class="title" href="{{ .RelPermalink }}">{{ .Title }}</a>
  <time datetime="{{ .Date.Format "2006-01-02T15:04:05-07:00" }}">{{ .Date.Format "2 January 2006" }}</time>
  <span class="author">{{ .Params.author }}</span>
  <span class="terms">{{ range .GetTerms "tags" }}<a rel="tag" href="{{ .RelPermalink }}">{{ .LinkTitle }}</a> {{ end }}{{ range .GetTerms "categories" }}<a rel="category" href="{{ .RelPermalink }}">{{ .LinkTitle }}</a> {{ end }}</span>
</li>
"""

_POSTS = """{{ $paginator := .Paginate PAGES }}
<ul class="posts">
{{ range $paginator.Pages }}{{ partial "item.html" . }}{{ end }}
</ul>
{{ template "_internal/pagination.html" . }}
"""

LAYOUTS: dict[str, str] = {
    "_default/baseof.html": """<!DOCTYPE html>
<html lang="{{ .Site.LanguageCode }}">
<head>
<meta charset="utf-8">
<title>{{ if not .IsHome }}{{ .Title }} | {{ end }}{{ .Site.Title }}</title>
</head>
<body>
<header>
  <a class="site" href="{{ "/" | relURL }}">{{ .Site.Title }}</a>
  <nav>
    <a href="{{ "/" | relURL }}">Home</a>
    <a href="{{ "/archives/" | relURL }}">Archives</a>
    <a href="{{ "/tags/" | relURL }}">Tags</a>
    <a href="{{ "/categories/" | relURL }}">Categories</a>
  </nav>
</header>
<main>
{{ block "main" . }}{{ end }}
</main>
</body>
</html>
""",
    "partials/item.html": _ITEM,
    "index.html": '{{ define "main" }}\n<h1>Recent uploads</h1>\n'
    + _POSTS.replace("PAGES", '(where .Site.RegularPages "Type" "post")')
    + "{{ end }}\n",
    "_default/term.html": '{{ define "main" }}\n<h1>{{ .Data.Singular | title }}: {{ .Title }}</h1>\n'
    + _POSTS.replace("PAGES", ".Pages")
    + "{{ end }}\n",
    "_default/terms.html": """{{ define "main" }}
<h1>{{ .Title }}</h1>
<ul class="terms">
{{ range .Data.Terms.Alphabetical }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> ({{ .Count }})</li>
{{ end }}</ul>
{{ end }}
""",
    "_default/list.html": """{{ define "main" }}
<h1>{{ .Title }}</h1>
{{ if .Sections }}
<ul class="months">
{{ range .Sections }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> ({{ len .Pages }})</li>
{{ end }}</ul>
{{ else }}
"""
    + _POSTS.replace("PAGES", ".Pages")
    + "{{ end }}\n{{ end }}\n",
    "_default/archives.html": """{{ define "main" }}
<h1>{{ .Title }}</h1>
{{ range where .Site.Sections "Type" "archive" }}
<section class="year">
<h2><a href="{{ .RelPermalink }}">{{ .Title }}</a></h2>
<ul class="months">
{{ range .Sections }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> ({{ len .Pages }})</li>
{{ end }}</ul>
</section>
{{ end }}
{{ end }}
""",
    "_default/single.html": """{{ define "main" }}
<article>
<h1>{{ .Title }}</h1>
<dl class="meta">
  <dt>Package</dt><dd>{{ .Params.package }}</dd>
  <dt>Version</dt><dd>{{ .Params.version }}</dd>
  <dt>Date</dt><dd><time datetime="{{ .Date.Format "2006-01-02T15:04:05-07:00" }}">{{ .Date.Format "2 January 2006 15:04 -0700" }}</time></dd>
  <dt>Author</dt><dd>{{ .Params.author }}</dd>
  <dt>Urgency</dt><dd>{{ .Params.urgency }}</dd>
  <dt>Tags</dt><dd>{{ range $i, $t := .GetTerms "tags" }}{{ if $i }}, {{ end }}<a rel="tag" href="{{ $t.RelPermalink }}">{{ $t.LinkTitle }}</a>{{ end }}</dd>
  <dt>Categories</dt><dd>{{ range $i, $t := .GetTerms "categories" }}{{ if $i }}, {{ end }}<a rel="category" href="{{ $t.RelPermalink }}">{{ $t.LinkTitle }}</a>{{ end }}</dd>
</dl>
{{ .Content }}
<nav class="post-nav">
{{ with .NextInSection }}<a rel="next" href="{{ .RelPermalink }}">Newer: {{ .Title }}</a>{{ end }}
{{ with .PrevInSection }}<a rel="prev" href="{{ .RelPermalink }}">Older: {{ .Title }}</a>{{ end }}
</nav>
</article>
{{ end }}
""",
}
