# The real-rhelp application: R's dynamic HTML help server (tools::startDynamicHelp) on
# 127.0.0.1, the port given as the one argument, until the process is ended. R's own server
# answers between the sleeps of its event loop.
#
#     Rscript rhelp_server.R PORT
port <- as.integer(commandArgs(trailingOnly = TRUE)[1])
options(help.ports = port)
tools::startDynamicHelp(TRUE)
if (tools:::httpdPort() != port) stop("R's help server did not start on port ", port)
cat("R's help server on 127.0.0.1:", port, "\n", sep = "")
repeat Sys.sleep(60)
