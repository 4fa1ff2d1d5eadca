// motive: the command-line shell over the engine API (docs/cli.md; the commands are in cli.cc).

#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "api/api.h"
#include "cli/cli.h"

int main(int argc, char** argv) {
  try {
    return motive::cli::run(std::vector<std::string>(argv + 1, argv + argc), std::cin, std::cout, std::cerr,
                            [](std::string_view request) { return motive::handle_request_text(request); });
  } catch (const std::exception& e) {
    std::cerr << "motive: " << e.what() << "\n";
    return 1;
  }
}
