package io.hookrelay.cli.common;

import java.io.PrintWriter;
import java.util.regex.Pattern;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;

/**
 * How every failure reaches the user: {@code hookrelay: <message>} on one line of stderr and a non-zero
 * exit code. Scripts read the exit code, people read the line; neither wants a stack trace.
 */
public final class ErrorLines implements IParameterExceptionHandler, IExecutionExceptionHandler {
    private static final Pattern LINE_BREAKS = Pattern.compile("\\s*\\R\\s*");

    public static void print(PrintWriter err, String message) {
        err.println("hookrelay: " + LINE_BREAKS.matcher(message.strip()).replaceAll(" "));
        err.flush();
    }

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine command = ex.getCommandLine();
        // Picocli starts some messages (those of argument groups) with its own "Error: ".
        String message = ex.getMessage().replaceFirst("^Error: ", "");
        print(command.getErr(), message + " (see '" + command.getCommandSpec().qualifiedName() + " --help')");
        return command.getCommandSpec().exitCodeOnInvalidInput();
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine command, ParseResult parseResult) {
        if (ex instanceof CommandFailedException failed) {
            print(command.getErr(), failed.getMessage());
            return failed.exitCode();
        }
        print(command.getErr(), "unexpected error: " + describe(ex));
        return command.getCommandSpec().exitCodeOnExecutionException();
    }

    private static String describe(Exception ex) {
        String message = ex.getMessage();
        return message == null || message.isBlank() ? ex.getClass().getName() : ex.getClass().getSimpleName() + ": " + message;
    }
}
