// motive: the command-line shell over the engine API (docs/cli.md; the commands are in cli.cc).

#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "api/api.h"
#include "cli/cli.h"
#include "cli/printable.h"

int main(int argc, char** argv) {
  // Model text is untrusted: control characters in its labels are escaped on the way to the terminal.
  motive::cli::PrintableBuffer out(std::cout.rdbuf());
  motive::cli::PrintableBuffer err(std::cerr.rdbuf());
  std::streambuf* plain_out = std::cout.rdbuf(&out);
  std::streambuf* plain_err = std::cerr.rdbuf(&err);
  int status = 1;
  try {
    status = motive::cli::run(std::vector<std::string>(argv + 1, argv + argc), std::cin, std::cout, std::cerr,
                              [](std::string_view request) { return motive::handle_request_text(request); });
  } catch (const std::exception& e) {
    std::cerr << "motive: " << e.what() << "\n";
  }
  std::cout.flush();
  std::cerr.flush();
  std::cout.rdbuf(plain_out);
  std::cerr.rdbuf(plain_err);
  return status;
}
