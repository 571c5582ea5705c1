# The real-rhelp application's data: the help pages of an R package as R records them (its
# Meta/Rd.rds: each Rd file's name, title, type, aliases and keywords), written as JSON to the
# file given.
#
#     Rscript rhelp_topics.R PACKAGE OUT
args <- commandArgs(trailingOnly = TRUE)
rd <- readRDS(system.file("Meta", "Rd.rds", package = args[1], mustWork = TRUE))
quote <- function(s) paste0('"', gsub('([\\\\"])', "\\\\\\1", enc2utf8(s)), '"', collapse = ",")
pages <- vapply(seq_len(nrow(rd)), function(i) {
  sprintf('{"file":%s,"name":%s,"title":%s,"type":%s,"aliases":[%s],"keywords":[%s]}',
          quote(rd$File[i]), quote(rd$Name[i]), quote(gsub("\\s+", " ", rd$Title[i])),
          quote(rd$Type[i]), quote(rd$Aliases[[i]]), quote(rd$Keywords[[i]]))
}, "")
version <- as.character(packageVersion(args[1]))
writeLines(c(sprintf('{"package":%s,"version":%s,"pages":[', quote(args[1]), quote(version)),
             paste(pages, collapse = ",\n"), "]}"), args[2], useBytes = TRUE)
